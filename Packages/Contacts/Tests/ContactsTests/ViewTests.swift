import ImageKit
import PictureUI
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import TerminalUITesting
import XCTest
@testable import Contacts
import ContactsCore

@MainActor
final class RecordingContactsViewOutputs: ContactListViewOutput, ContactDetailViewOutput, ContactFormViewOutput {
    var events: [String] = []
    var lastForm: FormState?
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) {
        events.append("select \(index) top \(firstVisibleRow)")
    }
    func didChooseRow(at index: Int) { events.append("choose \(index)") }
    func didTouchRow(at index: Int) { events.append("touch \(index)") }
    func didCancelTouch() { events.append("cancel touch") }
    func didEditSearch(_ search: SearchFieldState) { events.append("search \(search.query) editing \(search.isEditing)") }
    func didPressAdd() { events.append("add") }
    func didMoveFocus(by step: Int) { events.append("focus \(step)") }
    func didPressButton(at index: Int) { events.append("button \(index)") }
    func didPressAction(_ action: ContactAction) { events.append("action \(action)") }
    func didToggleFavorite() { events.append("favorite") }
    func didRequestEdit() { events.append("edit") }
    func didRequestDelete() { events.append("delete") }
    func didRequestCopy() { events.append("copy") }
    func didEditForm(_ form: FormState) {
        lastForm = form
        events.append("form focus \(form.focus) \(form.fields[form.focus].text)")
    }
    func didPressDone() { events.append("done") }
    func didPressCancel() { events.append("cancel") }
}

/// The error view offers only what works there: retry. No search prompt, no `a add`.
@MainActor
final class ContactListErrorViewTests: XCTestCase {
    func testTheErrorViewOffersOnlyRetry() async {
        let model = ContactListViewModel(title: "Contacts", content: .failed(message: "No connection to 127.0.0.1:9 — is the server running?"),
                                         search: SearchFieldState(), emptyMessage: "")
        let text = ContactListView().render(model, in: RenderContext(size: Size(columns: 80, rows: 12), colorMode: .none)).text
        XCTAssertFalse(text.contains("/ ") || text.contains("filter") || text.contains("a add"), text)
        XCTAssertTrue(text.contains("[ Retry ]") && text.contains("r retry"), text)
        let output = RecordingContactsViewOutputs()
        let view = ModuleScreen<ContactListView>(output: output, viewModel: model)
        let context = RenderContext(size: Size(columns: 80, rows: 12), colorMode: .none)
        XCTAssertFalse(view.handle(.key(.character("a")), in: context))
        XCTAssertFalse(view.handle(.key(.character("/")), in: context))
        XCTAssertTrue(view.handle(.key(.character("r")), in: context))
        XCTAssertEqual(output.events, ["reload"])
    }

    /// The search speaks every list's one filter wording: its key in `?` and `--help`, its placeholder, its typing bar.
    func testTheListUsesTheSharedFilterWording() async {
        let model = ContactListViewModel(title: "Contacts", content: .loaded(rows: LazyRows([]), selectedIndex: 0, firstVisibleRow: 0),
                                         search: SearchFieldState(), emptyMessage: "")
        XCTAssertTrue(ContactListView.keys(for: model).contains(SearchInput.filterBinding(.english).help))
        let context = RenderContext(size: Size(columns: 80, rows: 12), colorMode: .none)
        XCTAssertTrue(ContactListView().render(model, in: context).text.contains("/ " + NavigationTexts.english.filterPlaceholder))
        var typing = model
        typing.search = SearchFieldState(query: "jo", isEditing: true)
        XCTAssertTrue(ContactListView().render(typing, in: context).text.hasSuffix(" " + NavigationTexts.english.filterTypingBar))
    }
}

@MainActor
final class ViewTests: XCTestCase {
    private let photo = RGBImage(width: 8, height: 8, filledWith: RGBPixel(red: 200, green: 120, blue: 40))

    private func context(_ columns: Int, _ rows: Int, _ mode: ColorMode = .none) -> RenderContext {
        RenderContext(size: Size(columns: columns, rows: rows), colorMode: mode)
    }

    private func avatar(_ initials: String, _ picture: ImageSlot = .none) -> AvatarModel {
        AvatarModel(initials: initials, picture: picture, colorSeed: initials.count)
    }

    private func list(selected: Int = 1, search: SearchFieldState = SearchFieldState(), top: Int = 0) -> ContactListViewModel {
        let rows: [ContactListViewModel.Row] = [
            .header("A"), .contact(.init(name: "Amitabh Bachchan", favorite: true, avatar: avatar("AB", .loaded(photo)))),
            .contact(.init(name: "anna Zed", favorite: false, avatar: avatar("AZ"))),
            .header("E"), .contact(.init(name: "Émilie Rousseau", favorite: false, avatar: avatar("ÉR", .loading))),
            .header("Z"), .contact(.init(name: "Zoë Adams", favorite: true, avatar: avatar("ZA"))),
            .header("#"), .contact(.init(name: "24Seven Laundry", favorite: false, avatar: avatar("2L"))),
            .contact(.init(name: "Дмитрий Иванов", favorite: false, avatar: avatar("ДИ"))),
        ]
        return ContactListViewModel(title: "Contacts (6)", content: .loaded(rows: LazyRows(rows), selectedIndex: selected, firstVisibleRow: top),
                                    search: search, emptyMessage: "")
    }

    private var detail: ContactDetailViewModel {
        let buttons = [("message", true), ("call", true), ("email", false), ("★ favourite", true), ("edit", true), ("delete", true)]
        return ContactDetailViewModel(content: .loaded(.init(
            name: "Amitabh Bachchan", favorite: true, mobile: "+919980123412", email: "—", avatar: avatar("AB"),
            buttons: buttons.map { .init(title: $0.0, isEnabled: $0.1) }, focusedButton: 1, isBusy: false)),
            notice: "Calling: tel:+919980123412")
    }

    private var formWithErrors: ContactFormViewModel {
        var form = FormState(fields: [
            .init(id: "first_name", label: "First name", text: "A"), .init(id: "last_name", label: "Last name", text: "Lestari"),
            .init(id: "phone_number", label: "Mobile", text: "12-34"), .init(id: "email", label: "Email", text: "ayu@"),
            .init(id: "profile_pic", label: "Photo (path to a JPEG or PNG file)", text: "~/me.png"),
        ])
        form.setMessages(["first_name": "First name is too short (minimum is 2 characters)", "phone_number": "Phone number is invalid",
                          "email": "Email is invalid"])
        return ContactFormViewModel(title: "New Contact", form: form, preview: .loaded(photo), previewCaption: "me.png",
                                    notice: "Not saved: First name is too short (minimum is 2 characters); Phone number is invalid; Email is invalid",
                                    noticeIsError: true)
    }

    /// Initials with a double-width letter keep what fits the avatar's four columns, brackets whole.
    func testWideInitialsFitTheAvatar() async {
        for (initials, mode, expected) in [("李L", ColorMode.none, "(李)"), ("李L", .trueColor, "李L"), ("AB", .none, "(AB)")] {
            var frame = Frame(size: Size(columns: 6, rows: 2))
            AvatarView.draw(AvatarModel(initials: initials, picture: .none, colorSeed: 1), into: &frame,
                            rect: Rect(column: 1, row: 0, columns: 4, rows: 2), colorMode: mode, tick: 0, cache: nil)
            XCTAssertEqual(frame.text.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }, expected, initials)
        }
    }

    func testHomeWithSectionsAt80And60() async {
        assertSnapshot(ContactListView().render(list(), in: context(80, 20)), named: "home-80x20")
        assertSnapshot(ContactListView().render(list(selected: 9, search: SearchFieldState(query: "a", isEditing: true)), in: context(60, 12)),
                       named: "home-search-60x12")
        assertStyleSnapshot(ContactListView().render(list(), in: context(40, 8, .trueColor)), named: "home-styles-40x8")
    }

    /// Rows whose change the server does not have yet: the mark at the row's end (gray while waiting,
    /// red when refused), left out where the name needs the room.
    func testRowsWaitingToSyncAndRefused() async {
        let rows: [ContactListViewModel.Row] = [
            .header("A"), .contact(.init(name: "Amitabh Bachchan", favorite: true, avatar: avatar("AB"), sync: ContactsTexts.syncMark(.waiting(.favorite)))),
            .contact(.init(name: "anna Zed", favorite: false, avatar: avatar("AZ"),
                           sync: ContactsTexts.syncMark(.refused(.update, .invalid(["Email is invalid"]))), syncIsProblem: true)),
            .header("Z"), .contact(.init(name: "Zoë Adams with a name as long as a line", favorite: false, avatar: avatar("ZA"),
                                         sync: ContactsTexts.syncMark(.waiting(.create)))),
        ]
        let model = ContactListViewModel(title: "Contacts (3)", content: .loaded(rows: LazyRows(rows), selectedIndex: 1, firstVisibleRow: 0),
                                         search: SearchFieldState(), emptyMessage: "",
                                         notice: "2 changes waiting to sync (No connection to 127.0.0.1:9), 1 change not saved (! on its row)")
        assertSnapshot(ContactListView().render(model, in: context(80, 12)), named: "home-sync-80x12")
        assertSnapshot(ContactListView().render(model, in: context(40, 12)), named: "home-sync-40x12")
        assertStyleSnapshot(ContactListView().render(model, in: context(80, 8, .trueColor)), named: "home-sync-styles-80x8")
    }

    /// The mobile and the email are links (OSC 8) to `tel:` and `mailto:`; only their own cells.
    func testTheMobileAndTheEmailAreLinks() async {
        guard case .loaded(var page) = detail.content else { return XCTFail() }
        page.mobileLink = "tel:+919980123412"
        page.email = "ab@mail.example"
        page.emailLink = "mailto:ab@mail.example"
        let frame = ContactDetailView().render(ContactDetailViewModel(content: .loaded(page)), in: context(80, 24, .trueColor))
        XCTAssertEqual(Set(frame.links.values), ["tel:+919980123412", "mailto:ab@mail.example"])
        let styles = styleRuns(of: frame)
        XCTAssertTrue(styles.contains("link=tel:+919980123412"), styles)
        let linkedCells = frame.cells.filter { $0.style.link != 0 }.map(\.grapheme).joined()
        XCTAssertEqual(linkedCells, "+919980123412ab@mail.example", "the values' cells, nothing else")
    }

    func testDetailAndEditWithErrors() async {
        assertSnapshot(ContactDetailView().render(detail, in: context(80, 24)), named: "detail-80x24")
        assertSnapshot(ContactDetailView().render(detail, in: context(60, 20)), named: "detail-60x20")
        assertSnapshot(ContactFormView().render(formWithErrors, in: context(80, 24)), named: "edit-errors-80x24")
        assertSnapshot(ContactFormView().render(formWithErrors, in: context(50, 22)), named: "edit-errors-50x22")
    }

    /// The keys the list takes are its bindings, and its help says each one (space pages; the help
    /// said ↑↓ jk and pgup pgdn home end, and not space).
    func testTheListTakesTheKeysItsHelpSays() async {
        assertKeysAreTheBindings(ContactsTexts.listBindings, of: "contacts list", context: context(80, 20)) {
            ModuleScreen<ContactListView>(output: RecordingContactsViewOutputs(), viewModel: self.list(selected: 2))
        }
    }

    func testListKeysStepOverHeadersAndSearchCapturesText() async {
        let outputs = RecordingContactsViewOutputs()
        let view = ModuleScreen<ContactListView>(output: outputs, viewModel: list(selected: 2))
        let ctx = context(80, 20)
        _ = view.handle(.key(.down), in: ctx)          // 2 → 4, over the E header
        view.display(list(selected: 4))
        _ = view.handle(.key(.up), in: ctx)
        _ = view.handle(.key(.home), in: ctx)
        _ = view.handle(.key(.end), in: ctx)
        _ = view.handle(.key(.character("a")), in: ctx)
        _ = view.handle(.key(.enter), in: ctx)
        _ = view.handle(.key(.character("/")), in: ctx)
        XCTAssertEqual(outputs.events, ["select 4 top 0", "select 2 top 0", "select 1 top 0", "select 9 top 0", "add", "choose 4",
                                        "search  editing true"])
        view.display(list(search: SearchFieldState(query: "", isEditing: true)))
        XCTAssertTrue(view.capturesText)
        _ = view.handle(.key(.character("a")), in: ctx)
        XCTAssertEqual(outputs.events.last, "search a editing true", "a is text while searching")
        // A click on a header touches nothing; on a contact (line 3: anna Zed's first line under the list's top at 2) it does.
        outputs.events = []
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 10, row: 2)), in: ctx)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 10, row: 5)), in: ctx)
        XCTAssertEqual(outputs.events, ["touch 2"])
    }

    /// The form's keys are a contract: tab / backtab through first, last, mobile, email, photo; typing
    /// edits the focused field; ctrl-s is Done; esc is Cancel; q and ? are text.
    func testFormKeys() async {
        let outputs = RecordingContactsViewOutputs()
        let view = ModuleScreen<ContactFormView>(output: outputs, viewModel: formWithErrors)
        let ctx = context(80, 24)
        XCTAssertTrue(view.capturesText)
        for key in [Key.tab, .tab, .backtab] {
            _ = view.handle(.key(key), in: ctx)
            view.display(ContactFormViewModel(title: "", form: outputs.lastForm!, preview: .none, previewCaption: "", notice: nil))
        }
        _ = view.handle(.key(.character("q")), in: ctx)
        _ = view.handle(.key(.ctrl("s")), in: ctx)
        _ = view.handle(.key(.escape), in: ctx)
        XCTAssertEqual(outputs.events, ["form focus 1 Lestari", "form focus 2 12-34", "form focus 1 Lestari", "form focus 1 Lestariq",
                                        "done", "cancel"])
    }

    /// The keys the contact's page takes are its bindings, and its help says each one (space presses).
    func testTheDetailTakesTheKeysItsHelpSays() async {
        assertKeysAreTheBindings(ContactDetailView.bindings, of: "contact detail", context: context(80, 24)) {
            ModuleScreen<ContactDetailView>(output: RecordingContactsViewOutputs(), viewModel: self.detail)
        }
    }

    /// The keys the form takes are its bindings, and its help says each one: typing, and the keys that
    /// move and erase (ctrl-a, ctrl-e, delete, ctrl-d and ctrl-w worked unsaid), enter moving on.
    func testTheFormTakesTheKeysItsHelpSays() async {
        assertKeysAreTheBindings(ContactFormView.bindings, of: "contact form", context: context(80, 24)) {
            ModuleScreen<ContactFormView>(output: RecordingContactsViewOutputs(), viewModel: self.formWithErrors)
        }
    }

    func testDetailKeys() async {
        let outputs = RecordingContactsViewOutputs()
        let view = ModuleScreen<ContactDetailView>(output: outputs, viewModel: detail)
        let ctx = context(80, 24)
        for key in ["c", "m", "w", "f", "e", "d", "r"] { _ = view.handle(.key(.character(Character(key))), in: ctx) }
        _ = view.handle(.key(.tab), in: ctx)
        _ = view.handle(.key(.enter), in: ctx)
        XCTAssertEqual(outputs.events, ["action call", "action message", "action email", "favorite", "edit", "delete", "reload", "focus 1",
                                        "button 1"])
        XCTAssertFalse(view.handle(.key(.escape), in: ctx), "esc goes back through the host")
    }
}
