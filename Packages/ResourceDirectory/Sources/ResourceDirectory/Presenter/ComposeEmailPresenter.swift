import Navigation
import SystemActions
import TerminalUI

@MainActor
protocol ComposeEmailViewOutput: AnyObject {
    func didMoveFocus(to focus: ComposeEmailViewModel.Focus)
    /// To or Subject changed (the view applied the editing keys to a copy).
    func didEditFields(_ fields: FormState)
    func didEditBody(_ body: TextAreaState)
    /// ctrl-s, or the Send button.
    func didRequestSend()
    /// esc, or the Cancel button.
    func didRequestCancel()
}

/// Owns the email being written: the fields, the focus, the messages under fields, and what sending
/// did. Nothing typed is lost: a draft that cannot be sent stays on screen with the reason.
@MainActor
final class ComposeEmailPresenter: ComposeEmailViewOutput, ConfirmDialogOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<ComposeEmailViewModel>)?
    weak var output: (any ComposeEmailModuleOutput)?
    let interactor: ComposeEmailInteractor
    private let router: any ComposeEmailRouting
    private let work: WorkTracker
    private let initial: EmailDraft

    private var fields: FormState
    private var body: TextAreaState
    private var bodyMessage: String?
    private var focus = ComposeEmailViewModel.Focus.subject
    private var notice: ResourceDetailViewModel.Notice?
    private var isSending = false

    static let discardDialogID = "discard-email"

    init(draft: EmailDraft, interactor: ComposeEmailInteractor, router: any ComposeEmailRouting, work: WorkTracker) {
        self.initial = draft
        self.interactor = interactor
        self.router = router
        self.work = work
        fields = FormState(fields: [
            .init(id: "to", label: ResourceDirectoryTexts.toLabel, text: draft.to),
            .init(id: "subject", label: ResourceDirectoryTexts.subjectLabel, text: draft.subject),
        ], focus: ComposeEmailViewModel.Focus.subject.rawValue)
        body = TextAreaState(text: draft.body)
    }

    /// What is on screen now.
    var draft: EmailDraft {
        EmailDraft(to: fields["to"]?.text ?? "", subject: fields["subject"]?.text ?? "", body: body.text)
    }

    func didMoveFocus(to newFocus: ComposeEmailViewModel.Focus) {
        guard !isSending else { return }
        focus = newFocus
        fields.focus = newFocus.rawValue
        publish()
    }

    func didEditFields(_ newFields: FormState) {
        guard !isSending else { return }
        fields = newFields
        notice = nil
        publish()
    }

    func didEditBody(_ newBody: TextAreaState) {
        guard !isSending else { return }
        if newBody.text != body.text { bodyMessage = nil }
        body = newBody
        notice = nil
        publish()
    }

    func didRequestSend() {
        guard !isSending else { return }
        fields.setMessages([:])
        bodyMessage = nil
        notice = nil
        let link: SystemAction
        do throws(SystemActionError) {
            link = try interactor.obtainLink(for: draft)
        } catch {
            show(error)
            return publish()
        }
        isSending = true
        fields.isSaving = true
        publish()
        work.run { [weak self, interactor] in
            let result = await interactor.performSending(link)
            guard let self else { return }
            self.isSending = false
            self.fields.isSaving = false
            switch result {
            case .opened:
                self.output?.composeEmailDidSend(link: link.description)
                self.router.closeCompose()
            case .unavailable(let message):
                // The draft stays: the reason and the link, to copy by hand.
                self.notice = .init(text: message, isProblem: true)
                self.publish()
            }
        }
    }

    func didRequestCancel() {
        guard !isSending else { return }
        if draft == initial {
            router.closeCompose()
        } else {
            router.openDiscardConfirmation(id: Self.discardDialogID, output: self)
        }
    }

    func confirmDialog(_ id: String, didFinish confirmed: Bool) {
        guard id == Self.discardDialogID, confirmed else { return }
        router.closeCompose()
    }

    /// A rejected draft: the message goes under the field it is about.
    private func show(_ error: SystemActionError) {
        switch error.reason {
        case .invalidEmailAddress, .noRecipient, .empty:
            fields.setMessages(["to": ResourceDirectoryTexts.invalidRecipient])
            focus = .to
            fields.focus = focus.rawValue
        case .tooLong(let limit):
            bodyMessage = ResourceDirectoryTexts.tooLong(limit: limit)
        default:
            notice = .init(text: error.description, isProblem: true)
        }
    }

    var viewModel: ComposeEmailViewModel {
        ComposeEmailViewModel(fields: fields, body: body, bodyMessage: bodyMessage, focus: focus, notice: notice, isSending: isSending)
    }
}
