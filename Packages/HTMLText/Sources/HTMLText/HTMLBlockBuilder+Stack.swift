
// The stack of open elements: pushing, popping, implied ends, the context they give.
extension HTMLBlockBuilder {
    mutating func push(_ element: OpenElement) {
        guard stack.count < HTMLDocument.maximumNestingDepth else { return }
        var element = element
        element.context = Self.context(inside: element, parent: context, at: stack.count)
        stack.append(element)
        noteOpened(element.tag)
    }

    /// Removes the top element, ending the block it holds.
    mutating func pop() {
        let element = stack.removeLast()
        noteClosed(element.tag)
        switch element.effect {
        case .block:
            flush()
            if element.hasMargin { marginPending = true }
        case .neutral:
            noteWhitespace(context)
        case .inline, .cell:
            break
        }
    }

    mutating func pop(through index: Int) {
        while stack.count > index { pop() }
    }

    mutating func noteOpened(_ tag: HTMLTag) {
        openCounts[Int(tag.rawValue)] += 1
        openTags.insert(tag)
    }

    mutating func noteClosed(_ tag: HTMLTag) {
        openCounts[Int(tag.rawValue)] -= 1
        if openCounts[Int(tag.rawValue)] == 0 { openTags.remove(tag) }
    }

    /// Removes a formatting element or link wherever it is (`<b><p>x</b>y` leaves y in the paragraph, not bold).
    mutating func removeInline(at index: Int) {
        noteClosed(stack.remove(at: index).tag)
        var position = index
        while position < stack.count {
            let parent = position == 0 ? Context() : stack[position - 1].context
            stack[position].context = Self.context(inside: stack[position], parent: parent, at: position)
            position += 1
        }
    }

    func nearestIndex(of tag: HTMLTag, effect: Effect) -> Int? {
        guard openTags.contains(tag) else { return nil }
        var index = stack.count - 1
        while index >= 0 {
            if stack[index].tag == tag, stack[index].effect == effect { return index }
            index -= 1
        }
        return nil
    }

    /// Closes the nearest open element among `tags` unless one of `boundaries` comes first.
    mutating func close(_ tags: HTMLTagSet, stoppingAt boundaries: HTMLTagSet) {
        guard openTags.intersects(tags) else { return }
        var index = stack.count - 1
        while index >= 0 {
            let tag = stack[index].tag
            if stack[index].effect != .inline, tags.contains(tag) { return pop(through: index) }
            if boundaries.contains(tag) { return }
            index -= 1
        }
    }

    /// HTML's "close a p element": a block start ends an open paragraph, unless it sits in a table cell.
    mutating func closeParagraph() {
        close(Self.paragraphTags, stoppingAt: Self.paragraphBoundaries)
    }

    /// `<li>` closes an open `<li>` (and `<dd>` a `<dt>` …) unless another block (other than `<div>`, `<p>`,
    /// `<address>`) lies between, as in HTML.
    mutating func closeListItem(matching tags: HTMLTagSet) {
        guard openTags.intersects(tags) else { return }
        let transparent = Self.listItemTransparentTags
        var index = stack.count - 1
        while index >= 0 {
            let tag = stack[index].tag
            if stack[index].effect != .inline {
                if tags.contains(tag) { return pop(through: index) }
                if !transparent.contains(tag) { return }
            }
            index -= 1
        }
    }

    mutating func closeBlockElement(_ tag: HTMLTag) {
        let boundaries: HTMLTagSet
        switch tag {
        case .tr, .td, .th, .table, .caption: boundaries = Self.tableTags
        case .li: boundaries = Self.listItemBoundaries
        default: boundaries = Self.blockBoundaries
        }
        close(HTMLTagSet(tag), stoppingAt: boundaries)
    }

    static func marker(number: Int?) -> String {
        number.map { "\($0)." } ?? "•"
    }

    static func context(inside element: OpenElement, parent: Context, at index: Int) -> Context {
        var context = parent
        context.attributes.formUnion(element.tag.attributes)
        switch element.effect {
        case .inline:
            if element.tag == .a { context.anchor = element.anchor }
        case .neutral:
            if element.tag == .table { context.tableDepth += 1 }
        case .cell:
            context.cellDepth += 1
            context.role = .tableRow
            context.isPreformatted = false
        case .block:
            context.isDirectlyInList = false
            context.role = .paragraph
            switch element.tag {
            case .h1, .h2, .h3, .h4, .h5, .h6:
                context.role = .heading(element.tag.headingLevel ?? 1)
            case .pre, .listing, .xmp:
                context.role = .preformatted
                context.isPreformatted = true
            case .blockquote, .dd:
                context.indent += 2
            case .ul, .ol, .menu, .dir:
                context.listDepth += 1
                if parent.isDirectlyInList { context.indent += 2 }
                context.isDirectlyInList = true
                context.listIndex = index
            case .li:
                context.listItemIndex = index
                context.indent = element.markerIndent + element.markerWidth + 1
            case .table:
                context.tableDepth += 1
                context.isPreformatted = false
            case .tr:
                context.role = .tableRow
            default:
                break
            }
        }
        return context
    }
}
