import XCTest
import HTMLText

/// Block structure, inline attributes, whitespace, and what is dropped.
/// Outlines read "¶" (blank line before) + kind + "+indent" + ":" + lines joined with "⏎" (see TestSupport).
final class BlockTests: XCTestCase {
    func testBlockElementsStartBlocks() {
        let table: [(html: String, outline: [String])] = [
            ("<p>a</p><p>b</p>", ["p:a", "¶p:b"]),
            ("<div>a</div><div>b</div>", ["p:a", "p:b"]),
            ("a<div>b</div>c", ["p:a", "p:b", "p:c"]),
            ("<div>a</div><p>b</p><div>c</div>", ["p:a", "¶p:b", "¶p:c"]),
            ("<section>a</section><article>b</article><header>c</header><footer>d</footer>", ["p:a", "p:b", "p:c", "p:d"]),
            ("<nav>a</nav><main>b</main><aside>c</aside><address>d</address><center>e</center>", ["p:a", "p:b", "p:c", "p:d", "p:e"]),
            ("<details><summary>S</summary>body</details>", ["p:S", "p:body"]),
            ("<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>", ["h1:a", "¶h2:b", "¶h3:c", "¶h4:d", "¶h5:e", "¶h6:f"]),
            ("<h1>Title</h1>text", ["h1:Title", "¶p:text"]),
            ("<blockquote>quoted</blockquote>after", ["p+2:quoted", "¶p:after"]),
            ("<blockquote><p>a</p><blockquote>b</blockquote></blockquote>", ["p+2:a", "¶p+4:b"]),
            ("<dl><dt>Term</dt><dd>Definition</dd><dt>T2<dd>D2</dl>", ["p:Term", "p+2:Definition", "p:T2", "p+2:D2"]),
            ("<p>a<br>b</p>", ["p:a⏎b"]),
            ("a<br><br>b<br>", ["p:a⏎⏎b"]),
            ("<p>a</p><hr><p>b</p>", ["p:a", "¶hr:", "¶p:b"]),
            ("<p>a</p><br><p>b</p>", ["p:a", "¶p:", "¶p:b"]),
            ("<p></p><div> </div><p>x</p>", ["p:x"]), // empty blocks vanish; the first block never has a blank line before it
            ("<figure><img alt=chart><figcaption>Caption</figcaption></figure>", ["p:[chart]", "p:Caption"]),
        ]
        for (html, outline) in table {
            XCTAssertEqual(HTMLDocument.parse(html).outline, outline, html)
        }
    }

    func testImpliedEndTags() {
        let table: [(html: String, outline: [String])] = [
            ("<p>one<p>two", ["p:one", "¶p:two"]),
            ("<p>a<div>b</div>c</p>", ["p:a", "¶p:b", "p:c"]), // a <div> closes the <p>; the last </p> is stray
            ("<p>a<h2>b</h2>", ["p:a", "¶h2:b"]),
            ("<h1>a<h2>b", ["h1:a", "¶h2:b"]),
            ("<p>a<ul><li>b</ul>", ["p:a", "¶li(•,0):b"]),
            ("<dl><dt>a<dt>b<dd>c<dd>d</dl>", ["p:a", "p:b", "p+2:c", "p+2:d"]),
        ]
        for (html, outline) in table {
            XCTAssertEqual(HTMLDocument.parse(html).outline, outline, html)
        }
    }

    func testHeadingRunsAreBoldHeadings() {
        let document = HTMLDocument.parse("<h2>Hi <i>there</i></h2>")
        XCTAssertEqual(document.blocks.map(\.kind), [.heading(level: 2)])
        XCTAssertEqual(document.blocks[0].lines, [[
            HTMLRun("Hi ", attributes: [.heading, .bold]),
            HTMLRun("there", attributes: [.heading, .bold, .italic]),
        ]])
    }

    func testInlineElementsSetAttributes() {
        let table: [(tags: [String], attributes: HTMLTextAttributes)] = [
            (["b", "strong"], .bold),
            (["i", "em", "cite", "dfn", "var"], .italic),
            (["u", "ins"], .underline),
            (["s", "strike", "del"], .strikethrough),
            (["code", "kbd", "samp", "tt"], .code),
            (["span", "font", "small", "abbr", "mark", "sup", "custom-element"], []),
        ]
        for (tags, attributes) in table {
            for tag in tags {
                XCTAssertEqual(HTMLDocument.parse("<\(tag)>x</\(tag)>").blocks.first?.lines, [[HTMLRun("x", attributes: attributes)]], tag)
                XCTAssertEqual(HTMLDocument.parse("<\(tag.uppercased())>x</\(tag.uppercased())>").blocks.first?.lines,
                               [[HTMLRun("x", attributes: attributes)]], tag)
            }
        }
    }

    func testAttributesNestAndSpacesTakeOnlyWhatBothNeighboursShare() {
        let document = HTMLDocument.parse("a <b>bold <i>both</i></b> <u>under</u><b>x</b>y")
        XCTAssertEqual(document.blocks[0].lines, [[
            HTMLRun("a "),
            HTMLRun("bold ", attributes: .bold),
            HTMLRun("both", attributes: [.bold, .italic]),
            HTMLRun(" "),
            HTMLRun("under", attributes: .underline),
            HTMLRun("x", attributes: .bold),
            HTMLRun("y"),
        ]])
    }

    func testFormattingEndTagClosesOnlyTheFormatting() {
        // <b><p>x</b>y: y stays in the paragraph, no longer bold (as a browser shows it).
        let document = HTMLDocument.parse("<b><p>x</b>y</p>z")
        XCTAssertEqual(document.outline, ["p:xy", "¶p:z"])
        XCTAssertEqual(document.blocks[0].lines, [[HTMLRun("x", attributes: .bold), HTMLRun("y")]])
    }

    func testWhitespaceCollapses() {
        let table: [(html: String, text: String)] = [
            ("  a \n\t b  ", "a b"),
            ("<p>\n   lead and trail   \n</p>", "lead and trail"),
            ("a<span> </span>b", "a b"),
            ("a<b></b>b", "ab"),
            ("a <b> b </b> c", "a b c"),
            ("line\r\nbreaks\rand\u{0C}feeds", "line breaks and feeds"),
            ("no&nbsp;&nbsp;collapse", "no\u{A0}\u{A0}collapse"),
        ]
        for (html, text) in table {
            XCTAssertEqual(HTMLDocument.parse(html).blocks.map(\.textLines), [[text]], html.debugDescription)
        }
    }

    func testPreformattedTextKeepsWhitespace() {
        let table: [(html: String, lines: [String])] = [
            ("<pre>\n  indented\n\n two  spaces\n</pre>", ["  indented", "", " two  spaces"]),
            ("<pre>a\r\nb\rc\n\nd</pre>", ["a", "b", "c", "", "d"]),
            ("<pre>ab\tc\t\td</pre>", ["ab" + String(repeating: " ", count: 6) + "c" + String(repeating: " ", count: 15) + "d"]),
            ("<pre>漢\tx</pre>", ["漢      x"]),
            ("<PRE>\r\nfirst line break dropped</PRE>", ["first line break dropped"]),
            ("<pre><b>x</b>\n  y</pre>", ["x", "  y"]),
            ("<listing>  l</listing><xmp>  <b>&amp;</b></xmp>", ["  l"]),
        ]
        for (html, lines) in table {
            let document = HTMLDocument.parse(html)
            XCTAssertEqual(document.blocks.first?.kind, .preformatted, html.debugDescription)
            XCTAssertEqual(document.blocks.first?.textLines, lines, html.debugDescription)
        }
        XCTAssertEqual(HTMLDocument.parse("<xmp>  <b>&amp;</b></xmp>").blocks.first?.textLines, ["  <b>&amp;</b>"])
    }

    func testScriptStyleAndHeadAreDroppedAndTheTitleIsKept() {
        let html = """
        <!DOCTYPE html>
        <html lang="de">
        <head>
          <meta charset="utf-8">
          <title>  Rechtliche
             Hinweise &amp; Impressum </title>
          <link rel="stylesheet" href="a.css">
          <style>p { color: red } </p> <b>not markup</b></style>
          <script>if (a < b && c > d) { document.write("<p>no</p>") }</script>
        </head>
        <body><p>Body</p><script type="text/javascript">var x = "</scripty>";</script><style>.x{}</style></body>
        </html>
        """
        let document = HTMLDocument.parse(html)
        XCTAssertEqual(document.title, "Rechtliche Hinweise & Impressum")
        XCTAssertEqual(document.outline, ["p:Body"])
    }

    func testDroppedContent() {
        let table: [(html: String, text: String)] = [
            ("a<script>b<p>c</p></script>d", "ad"),
            ("a<SCRIPT>x</ScRiPt >d", "ad"),
            ("a<script>never closed<p>x", "a"),
            ("a<style>b</style>c", "ac"),
            ("<template><p>t</p><template>n</template>t</template>x", "x"),
            ("<svg><text>s</text><title>svg title</title></svg>x", "x"),
            ("<svg/>x", "x"),
            ("<math><mi>x</mi></math>y", "y"),
            ("<select><option>one<option>two</select>z", "z"),
            ("<noscript>shown</noscript>", "shown"),
            ("a<iframe src=x><p>fallback</p></iframe>b", "ab"),
            ("a<!-- <p>hidden</p> -->b", "ab"),
            ("a<!---->b<!-->c<!--->d<!-- x --!>e", "abcde"),
            ("a<![CDATA[ <p>hidden</p> ]]>b", "ab"),
            ("a<?xml version='1.0'?>b", "ab"),
            ("a<!DOCTYPE html>b<!doctype html>c", "abc"),
            ("x<img src=a.png alt=' A  picture '>y<img src=b.png><IMG ALT=Logo>", "x[A picture]y[Logo]"),
            ("<img alt=''><img alt='   '>z", "z"),
        ]
        for (html, text) in table {
            XCTAssertEqual(HTMLDocument.parse(html).singleLineText, text, html)
        }
    }

    func testTitle() {
        XCTAssertNil(HTMLDocument.parse("<p>no title</p>").title)
        XCTAssertNil(HTMLDocument.parse("<title> \n </title>").title)
        XCTAssertEqual(HTMLDocument.parse("<title>First</title><title>Second</title>").title, "First")
        XCTAssertEqual(HTMLDocument.parse("<title>a <b>not a tag</b> &lt;</title>").title, "a <b>not a tag</b> <")
        let inBody = HTMLDocument.parse("<p>a</p><title>T</title><p>b</p>")
        XCTAssertEqual(inBody.title, "T")
        XCTAssertEqual(inBody.singleLineText, "a b")
        XCTAssertEqual(HTMLDocument.parse("<title>open to the end <p>x").title, "open to the end <p>x")
    }

    func testHeadEndsWhereBodyContentStarts() {
        let table: [(html: String, title: String?, text: String)] = [
            ("<head><title>T</title></head>text", "T", "text"),
            ("<head><title>T</title><meta charset=utf-8>Hello", "T", "Hello"),
            ("<head><title>T</title><p>para", "T", "para"),
            ("<head><template><p>t</p></template><title>T</title></head><body>b", "T", "b"),
            ("<p>a</p><head><title>T</title></head>b", "T", "a b"), // a late <head> is ignored
        ]
        for (html, title, text) in table {
            let document = HTMLDocument.parse(html)
            XCTAssertEqual(document.title, title, html)
            XCTAssertEqual(document.singleLineText, text, html)
        }
    }

    func testSingleLineText() {
        let document = HTMLDocument.parse("<h1>Title</h1><p>One<br>two</p><hr><ul><li>three</li></ul><pre>  four  </pre>&nbsp;five")
        XCTAssertEqual(document.singleLineText, "Title One two three four five")
        XCTAssertEqual(HTMLDocument.parse("").singleLineText, "")
        XCTAssertEqual(HTMLDocument.parse("<p>Powering Devs Everywhere</p>").singleLineText, "Powering Devs Everywhere")
    }

    func testEmptyInput() {
        let document = HTMLDocument.parse("")
        XCTAssertNil(document.title)
        XCTAssertEqual(document.blocks, [])
        XCTAssertEqual(document.links, [])
        XCTAssertEqual(document.layout(width: 80).lines, [])
        XCTAssertEqual(document.plainText(width: 80), "")
    }
}
