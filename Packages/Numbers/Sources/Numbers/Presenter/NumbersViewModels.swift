import ImageKit
import PictureUI
import Navigation
import TerminalUI

/// One row of the master list.
struct NumberRowViewModel: Equatable, Sendable {
    var name: String
    var image: ImageSlot
}

/// The master list as plain values. `rows` are made when read (``LazyRows``): a key press formats
/// the rows on screen, never the whole list.
typealias NumbersListViewModel = ListScreenViewModel<NumberRowViewModel>

/// A number's detail as plain values.
struct NumberDetailViewModel: Equatable, Sendable {
    enum Text: Equatable, Sendable {
        case loading
        case failed(message: String)
        case loaded(String)
    }
    var name: String
    var text: Text
    var image: ImageSlot
    /// "Offline — as of 21:35 (r retries)" while a copy kept from an earlier visit stands in.
    var notice: String?

    /// Whether the text could not be loaded (the master's router then builds a fresh detail to retry).
    var hasFailed: Bool {
        if case .failed = text { return true }
        return false
    }
}
