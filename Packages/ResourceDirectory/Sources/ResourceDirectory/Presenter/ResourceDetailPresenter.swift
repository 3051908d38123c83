import Foundation
import ImageKit
import PictureUI
import Navigation
import SystemActions
import WebBrowser

@MainActor
protocol ResourceDetailViewOutput: AnyObject {
    func didLoad()
    /// The focus ring moved (tab, arrows, a click); `scrollOffset` keeps the focused row on screen.
    func didFocusAction(_ index: Int?, scrollOffset: Int)
    func didScroll(to offset: Int)
    func didTouchAction(_ index: Int)
    func didCancelTouch()
    /// Enter on the focused row, or a release on a button.
    func didActivateAction(_ index: Int)
    /// `o`: the focused website in the desktop's browser instead of the app's.
    func didRequestOpeningOutside()
    /// `y`: the focused value (else the title) to the clipboard.
    func didRequestCopy()
}

/// What the compose screen tells the details it was opened from.
@MainActor
protocol ComposeEmailModuleOutput: AnyObject {
    /// The email went to the mail app as `link`.
    func composeEmailDidSend(link: String)
}

/// Owns a resource's details: the sections and the focus ring of their actions, scrolling, the
/// photo and the notice line that says what an action did (or why it could not).
@MainActor
final class ResourceDetailPresenter: ResourceDetailViewOutput, ComposeEmailModuleOutput, WebBrowserModuleOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<ResourceDetailViewModel>)?
    let interactor: ResourceDetailInteractor
    private let router: any ResourceDetailRouting
    private let work: WorkTracker
    private let entry: ResourceEntry
    private let sections: [ResourceDetailViewModel.Section]
    /// The focus ring: every button of every section, in reading order.
    let actions: [ResourceAction]

    private var photo: ImageSlot?
    private var focusedAction: Int?
    private var actionTouch = TouchState()
    private var scrollOffset = 0
    private var notice: ResourceDetailViewModel.Notice?

    init(entry: ResourceEntry, interactor: ResourceDetailInteractor, router: any ResourceDetailRouting, work: WorkTracker) {
        self.entry = entry
        self.interactor = interactor
        self.router = router
        self.work = work
        let (sections, actions) = Self.sections(of: entry.resource)
        self.actions = actions
        // Each item's lines link where its main button leads (a call before a message): validated links only.
        self.sections = sections.map { section in
            var section = section
            section.items = section.items.map { item in
                var item = item
                let candidates = item.buttons.map { actions[$0.action] }
                let main = candidates.first { if case .call = $0 { true } else { false } } ?? candidates.first
                item.link = main.flatMap { try? interactor.obtainLink(for: $0) }?.description
                return item
            }
            return section
        }
        photo = entry.resource.photoURL == nil ? nil : .loading
    }

    isolated deinit {
        work.cancel(WorkKey(self, "photo"))
    }

    func didLoad() {
        guard let url = entry.resource.photoURL else { return }
        work.runLatest(WorkKey(self, "photo"), kind: .picture, { [interactor] () -> ImageSlot in
            do { return .loaded(try await interactor.obtainImage(at: url)) } catch { return .failed(error) }
        }, then: { [weak self] slot in
            self?.photo = slot
            self?.publish()
        })
    }

    func didFocusAction(_ index: Int?, scrollOffset offset: Int) {
        guard index.map(actions.indices.contains) ?? true else { return }
        focusedAction = index
        scrollOffset = max(0, offset)
        publish()
    }

    func didScroll(to offset: Int) {
        scrollOffset = max(0, offset)
        publish()
    }

    func didTouchAction(_ index: Int) {
        guard actionTouch.touch(index, count: actions.count) else { return }
        publish()
    }

    func didCancelTouch() {
        guard actionTouch.cancel() else { return }
        publish()
    }

    func didActivateAction(_ index: Int) {
        actionTouch.cancel()
        guard actions.indices.contains(index) else { return }
        focusedAction = index
        notice = nil
        let action = actions[index]
        switch action {
        case .email(let address):
            publish()
            router.openCompose(draft: EmailDraft(to: address), output: self)
        case .website:
            guard let link = link(for: action) else { return publish() }
            publish()
            // The in-app browser shows web pages; any other link a directory lists goes to the desktop.
            if link.kind == .web { router.openWebsite(link.url, output: self) } else { open(link) }
        case .call, .message, .map:
            guard let link = link(for: action) else { return publish() }
            publish()
            open(link)
        }
    }

    func didRequestOpeningOutside() {
        guard let index = focusedAction, case .website = actions[index], let link = link(for: actions[index]) else { return }
        notice = nil
        publish()
        open(link)
    }

    /// Copies what the focused action is about: the number, the email, the address, the website;
    /// without a focus, the title.
    func didRequestCopy() {
        let value: String
        switch focusedAction.map({ actions[$0] }) {
        case .call(let number)?, .message(let number)?: value = number
        case .email(let address)?: value = address
        case .website(let url)?: value = link(for: .website(url))?.url.absoluteString ?? url // as it opens: with its scheme
        case .map(let address)?: value = address.formattedLines.joined(separator: ", ")
        case nil: value = entry.resource.title
        }
        let copied = router.openClipboard(with: value)
        notice = .init(text: NavigationTexts.english.copyNotice(value, copied: copied), isProblem: !copied)
        publish()
    }

    // MARK: Module outputs

    func composeEmailDidSend(link: String) {
        notice = .init(text: ResourceDirectoryTexts.sent(link), isProblem: false)
        publish()
    }

    /// A mail link in a web page is written in the app's compose screen, as the spec asks for email
    /// "without leaving the app"; every other address the browser opens through the desktop itself.
    func webBrowserWillOpenOutside(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "mailto", let draft = interactor.obtainDraft(mailto: url) else { return false }
        router.openCompose(draft: draft, output: self)
        return true
    }

    // MARK: Private

    /// The validated link, or nil with the reason in the notice line.
    private func link(for action: ResourceAction) -> SystemAction? {
        do throws(SystemActionError) {
            return try interactor.obtainLink(for: action)
        } catch {
            notice = .init(text: error.description, isProblem: true)
            return nil
        }
    }

    private func open(_ link: SystemAction) {
        work.run { [weak self, interactor] in
            let result = await interactor.performOpening(link)
            guard let self else { return }
            switch result {
            case .opened:
                self.notice = .init(text: ResourceDirectoryTexts.opened(link.description, kind: Self.appName(link.kind)), isProblem: false)
            case .unavailable(let message):
                self.notice = .init(text: message, isProblem: true)
            }
            self.publish()
        }
    }

    private static func appName(_ kind: SystemAction.Kind) -> String {
        switch kind {
        case .web: ResourceDirectoryTexts.browserApp
        case .email: ResourceDirectoryTexts.mailApp
        case .phone: ResourceDirectoryTexts.phoneApp
        case .message: ResourceDirectoryTexts.messagesApp
        case .map: ResourceDirectoryTexts.mapsApp
        }
    }

    var viewModel: ResourceDetailViewModel {
        ResourceDetailViewModel(title: entry.resource.title, photo: photo, description: entry.descriptionText, sections: sections,
                                actionCount: actions.count, focusedAction: focusedAction, touchedAction: actionTouch.touched,
                                scrollOffset: scrollOffset, notice: notice)
    }

    // MARK: Sections

    /// The mockup's sections with content, in its order, and the actions of their buttons (the focus ring).
    static func sections(of resource: Resource) -> ([ResourceDetailViewModel.Section], [ResourceAction]) {
        typealias Item = ResourceDetailViewModel.Item
        typealias Button = ResourceDetailViewModel.Button
        var actions: [ResourceAction] = []
        func button(_ title: String, _ action: ResourceAction) -> Button {
            actions.append(action)
            return Button(title: title, action: actions.count - 1)
        }
        let texts = ResourceDirectoryTexts.self
        var sections: [ResourceDetailViewModel.Section] = []

        let contact = resource.contact
        var contactItems: [Item] = []
        for number in contact.phoneNumbers {
            contactItems.append(Item(label: texts.phoneLabel, lines: [number],
                                     buttons: [button(texts.messageButton, .message(number)), button(texts.callButton, .call(number))]))
        }
        for number in contact.tollFreeNumbers {
            contactItems.append(Item(label: texts.tollFreeLabel, lines: [number],
                                     buttons: [button(texts.messageButton, .message(number)), button(texts.callButton, .call(number))]))
        }
        contactItems += contact.faxNumbers.map { Item(label: texts.faxLabel, lines: [$0]) }
        for address in contact.emails {
            contactItems.append(Item(label: texts.emailLabel, lines: [address], buttons: [button(texts.writeButton, .email(address))]))
        }
        for website in contact.websites {
            contactItems.append(Item(label: texts.websiteLabel, lines: [website], buttons: [button(texts.openButton, .website(website))]))
        }
        if !contactItems.isEmpty { sections.append(.init(title: texts.contactSection, items: contactItems)) }

        let addresses = resource.addresses.filter { !$0.isEmpty }.map { address in
            Item(label: (address.label ?? texts.addressLabel).uppercased(), lines: address.formattedLines,
                 buttons: [button(texts.mapButton, .map(address))])
        }
        if !addresses.isEmpty { sections.append(.init(title: texts.addressSection, items: addresses)) }

        if !resource.notes.isEmpty {
            sections.append(.init(title: texts.notesSection, items: resource.notes.map { Item(label: nil, lines: [$0]) }))
        }

        let social = resource.socialMedia.map { link in
            Item(label: texts.networkName(link.network).uppercased(), lines: [link.url], buttons: [button(texts.openButton, .website(link.url))])
        }
        if !social.isEmpty { sections.append(.init(title: texts.socialSection, items: social)) }

        if !resource.hours.isEmpty {
            let days = Weekday.allCases.map { day in
                let opening = resource.hours.openings[day]
                return Item(label: nil, lines: [texts.dayName(day)], trailing: opening.map(texts.hours) ?? texts.closed,
                            trailingDim: opening == nil)
            }
            sections.append(.init(title: texts.hoursSection, items: days))
        }
        return (sections, actions)
    }
}
