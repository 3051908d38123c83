import PictureUI
import TerminalKit
import TerminalUI

/// A module's VIPER view, as a value: how its view model is drawn, which input it takes and what that
/// input tells the presenter, and its keys. ``ModuleScreen`` hosts it, as `UIHostingController` hosts a
/// SwiftUI view: the screen holds the presenter and the view model displayed last, so a feature writes
/// no view class of its own, only its drawing and its keys.
@MainActor
public protocol ModuleView {
    associatedtype ViewModel: Sendable
    /// What the view tells: the module's presenter, as its view-output protocol (`any …ViewOutput`).
    associatedtype Output
    /// A fresh view. Its stored properties are memos only (pictures scaled to their size, wrapped
    /// text): they change how often work is done, never a frame.
    init()
    /// Draws `viewModel`; pure: the same view model and context give the same frame.
    func render(_ viewModel: ViewModel, in context: RenderContext) -> Frame
    /// Offers an input event; `true` when the view took it (and told `output`).
    func handle(_ event: InputEvent, viewModel: ViewModel, output: Output, in context: RenderContext) -> Bool
    /// The screen was first shown: tell the presenter (it loads).
    static func didAppear(_ output: Output)
    /// The view's keys: the `?` overlay, the key bar and `--help` read them.
    static var keys: [KeyHelp] { get }
    /// The keys that work in `viewModel`'s state; by default ``keys``.
    static func keys(for viewModel: ViewModel) -> [KeyHelp]
    /// Whether printable keys (`q` and `?` too) are text in `viewModel`'s state (a field being typed).
    static func capturesText(_ viewModel: ViewModel) -> Bool
    /// The key bar while text is typed.
    static var editingKeyBar: String { get }
}

extension ModuleView {
    public static func keys(for viewModel: ViewModel) -> [KeyHelp] { keys }
    public static func capturesText(_ viewModel: ViewModel) -> Bool { false }
    public static var editingKeyBar: String { "" }
}

/// A view model with a `/` filter (a list's, a grid's).
public protocol SearchingViewModel {
    /// The filter's field as typed.
    var search: SearchFieldState { get }
}

extension ModuleView where ViewModel: SearchingViewModel {
    /// While the filter is typed, every printable key (q, ? and hjkl too) is text.
    public static func capturesText(_ viewModel: ViewModel) -> Bool { viewModel.search.isEditing }
}

/// The screen that hosts a ``ModuleView``: what the navigation host shows and the presenter displays
/// its view models on (a feature conforms it to its view-input protocol for its view, e.g.
/// `extension ModuleScreen: ContactListViewInput where View == ContactListView {}`).
@MainActor
public final class ModuleScreen<View: ModuleView>: TextEditingScreen {
    /// The presenter. Held strongly: the screen on the navigation stack keeps its module alive, and the
    /// presenter holds the screen weakly.
    public let output: View.Output
    /// The view model displayed last.
    public private(set) var viewModel: View.ViewModel
    private let view = View()

    public init(output: View.Output, viewModel: View.ViewModel) {
        self.output = output
        self.viewModel = viewModel
    }

    /// A module's screen: it shows `presenter`'s view model, tells `output` (the presenter, as the
    /// view's output protocol) what happens, and `presenter` displays its view models on it.
    public convenience init<Presenter: ModulePresenting>(presenting presenter: Presenter, as output: View.Output)
    where Presenter.ViewModel == View.ViewModel {
        self.init(output: output, viewModel: presenter.viewModel)
        presenter.view = self
    }

    /// Shows `viewModel` from the next frame on (the host draws after every event and finished work).
    public func display(_ viewModel: View.ViewModel) { self.viewModel = viewModel }

    public func render(in context: RenderContext) -> Frame { view.render(viewModel, in: context) }

    public func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        view.handle(event, viewModel: viewModel, output: output, in: context)
    }

    public func screenDidAppear() { View.didAppear(output) }
    public var keyHelp: [KeyHelp] { View.keys(for: viewModel) }
    public var capturesText: Bool { View.capturesText(viewModel) }
    public var editingKeyBar: String { View.editingKeyBar }
}

/// What a presenter shows its view models on: its module's ``ModuleScreen``, or a test's recording view.
@MainActor
public protocol ModuleViewInput<ViewModel>: AnyObject {
    associatedtype ViewModel
    func display(_ viewModel: ViewModel)
}

extension ModuleScreen: ModuleViewInput {}

/// A presenter that shows its whole state as one view model on its view, so ``publish()`` is
/// written once.
@MainActor
public protocol ModulePresenting: AnyObject {
    associatedtype ViewModel
    /// The screen (held weakly: the screen holds the presenter).
    var view: (any ModuleViewInput<ViewModel>)? { get set }
    /// The state as the view shows it.
    var viewModel: ViewModel { get }
}

extension ModulePresenting {
    /// Shows the current state.
    public func publish() { view?.display(viewModel) }

    /// Slots for the pictures the screen shows (a list's rows, a page's photo), each obtained by `fetch`
    /// in a picture job of `work` (so the host redraws when it ends), at most `maximumInFlight` at once;
    /// `changed` runs after each picture arrived or failed: by default the state is published.
    public func makeImages(work: WorkTracker, maximumInFlight: Int = 4, fetch: @escaping ImageSlots.Fetch,
                           changed: (@MainActor () -> Void)? = nil) -> ImageSlots {
        ImageSlots(maximumInFlight: maximumInFlight, start: { work.runPicture($0) }, fetch: fetch,
                   changed: changed ?? { [weak self] in self?.publish() })
    }
}
