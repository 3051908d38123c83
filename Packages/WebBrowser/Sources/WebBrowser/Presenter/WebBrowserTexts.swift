import Foundation
import HTTPClientTexts
import Navigation
import TerminalUI

extension WebBrowserModule {
    /// Every word the browser shows, in one language: its states, messages, key list and key bar.
    /// The host feature picks the language of its screens: ``english`` (the default) or ``german``.
    /// Key names (`tab`, `esc`, `←`) are the same in every language; only what they do is translated.
    public struct Texts: Sendable, Equatable {
        /// Beside the spinner while a page loads.
        public var loading: String
        /// The error view's retry label.
        public var retryButton: String
        /// The first line of the error view when a page could not be loaded; the reason follows.
        public var pageUnavailable: String
        /// Before the address of something that is not a web page (a picture, a PDF).
        public var notAWebPage: String
        /// The notice for a link whose `href` is no address.
        public var invalidLink: String
        /// Before the address of a link or page handed to the host feature (`mailto:`, `o`).
        public var opensOutside: String
        /// Before the address the desktop opened (a mail, phone or map app, the web browser).
        public var openedOutside: String
        /// Before the address nothing on this machine could open (no opener, no display), so it can be copied.
        public var cannotOpenOutside: String

        /// What `tab` / `shift-tab` do.
        public var nextLink: String
        /// `tab`'s word in the key bar.
        public var nextLinkBar: String
        /// What `enter` and a click do.
        public var followLink: String
        /// `enter`'s word in the key bar.
        public var followLinkBar: String
        /// What `←`/`b` do.
        public var back: String
        /// `←`'s word in the key bar.
        public var backBar: String
        /// What `backspace` does: back, and out of the browser on its first page.
        public var backOrClose: String
        /// What `→`/`f` do.
        public var forward: String
        /// `→`'s word in the key bar.
        public var forwardBar: String
        /// What the scroll keys do (the key bar leaves them out to keep its room for links and history).
        public var scroll: String
        /// What `r` does.
        public var reload: String
        /// `r`'s word in the key bar.
        public var reloadBar: String
        /// What `o` does.
        public var openOutside: String
        /// What `esc` does.
        public var close: String
        /// `esc`'s word in the key bar.
        public var closeBar: String
        /// `?`'s word in the key bar (the host's keys overlay).
        public var keysBar: String
        /// `q`'s word in the key bar.
        public var quitBar: String
        /// The hint beside the last row while the page continues below, and at its end.
        public var scrollHint: ScrollView.MoreIndicatorWords
        /// The language of the reasons a page failed to load (no connection, a timeout, an error status).
        public var reasons: WebBrowserModule.Language

        /// Texts in another language; every word is given, so none is left in English by accident.
        public init(loading: String, retryButton: String, pageUnavailable: String, notAWebPage: String, invalidLink: String,
                    opensOutside: String, openedOutside: String, cannotOpenOutside: String, nextLink: String, nextLinkBar: String, followLink: String, followLinkBar: String,
                    back: String, backBar: String, backOrClose: String, forward: String, forwardBar: String, scroll: String,
                    reload: String, reloadBar: String, openOutside: String, close: String, closeBar: String,
                    keysBar: String, quitBar: String, scrollHint: ScrollView.MoreIndicatorWords,
                    reasons: WebBrowserModule.Language) {
            self.loading = loading
            self.retryButton = retryButton
            self.pageUnavailable = pageUnavailable
            self.notAWebPage = notAWebPage
            self.invalidLink = invalidLink
            self.opensOutside = opensOutside
            self.openedOutside = openedOutside
            self.cannotOpenOutside = cannotOpenOutside
            self.nextLink = nextLink
            self.nextLinkBar = nextLinkBar
            self.followLink = followLink
            self.followLinkBar = followLinkBar
            self.back = back
            self.backBar = backBar
            self.backOrClose = backOrClose
            self.forward = forward
            self.forwardBar = forwardBar
            self.scroll = scroll
            self.reload = reload
            self.reloadBar = reloadBar
            self.openOutside = openOutside
            self.close = close
            self.closeBar = closeBar
            self.keysBar = keysBar
            self.quitBar = quitBar
            self.reasons = reasons
            self.scrollHint = scrollHint
        }

        /// English, the default.
        public static let english = Texts(
            loading: "Loading the page…", retryButton: NavigationTexts.english.retryButton,
            pageUnavailable: "The page could not be loaded.", notAWebPage: "Not a web page:",
            invalidLink: "This link has no valid address.", opensOutside: "Opens outside the web view:",
            openedOutside: "Opened outside the app:", cannotOpenOutside: "No program here opens the link:",
            nextLink: "next / previous link", nextLinkBar: "link",
            followLink: "follow the link", followLinkBar: "follow",
            back: "previous page", backBar: "back", backOrClose: "previous page; on the first, close",
            forward: "next page again", forwardBar: "forward",
            scroll: "scroll",
            reload: "reload", reloadBar: "reload",
            openOutside: "open this page outside the app",
            close: "close the web view", closeBar: "close",
            keysBar: "keys", quitBar: "quit", scrollHint: .english, reasons: .english)

        /// German, for features whose screens speak German (check24); the loading and retry words are
        /// the ones the check24 legal page always showed.
        public static let german = Texts(
            loading: "Seite wird geladen…", retryButton: NavigationTexts.german.retryButton,
            pageUnavailable: "Die Seite konnte nicht geladen werden.", notAWebPage: "Keine Webseite:",
            invalidLink: "Dieser Link hat keine gültige Adresse.", opensOutside: "Öffnet außerhalb der Webansicht:",
            openedOutside: "Außerhalb der App geöffnet:", cannotOpenOutside: "Kein Programm öffnet den Link:",
            nextLink: "nächster / vorheriger Link", nextLinkBar: "Link",
            followLink: "Link öffnen", followLinkBar: "öffnen",
            back: "vorherige Seite", backBar: "zurück", backOrClose: "vorherige Seite; auf der ersten schließen",
            forward: "wieder vorwärts", forwardBar: "vor",
            scroll: "blättern",
            reload: "neu laden", reloadBar: "neu laden",
            openOutside: "diese Seite außerhalb der App öffnen",
            close: "Webansicht schließen", closeBar: "schließen",
            keysBar: "Tasten", quitBar: "beenden", scrollHint: .german, reasons: .german)
    }
}

extension WebBrowserModule.Texts {
    /// What the reader sees when a page failed to load.
    func message(for error: WebBrowserError) -> String {
        switch error {
        case .notAWebPage(let address, let failure):
            "\(notAWebPage) \(address)\n\(failure.message(reasons == .german ? .german : .english))"
        case .pageUnavailable(let failure):
            "\(pageUnavailable)\n\(failure.message(reasons == .german ? .german : .english))"
        }
    }

    /// The notice for a link (its `address` as shown), handed to the host feature instead of being loaded here.
    func opensOutsideNotice(_ address: String) -> String {
        "\(opensOutside) \(address)"
    }
}
