import ImageKit
import PictureUI
import Navigation
import TerminalUI

struct ProductTileViewModel: Equatable, Sendable {
    var name: String
    var price: String
    var image: ImageSlot
}

/// The grid's state; its tiles are made when read: a key press formats the tiles on screen, not the catalog.
typealias ProductListViewModel = ListScreenViewModel<ProductTileViewModel>

/// The detail screen's state; the summary is shown at once, the description when it arrives.
struct ProductDetailViewModel: Equatable, Sendable {
    enum Description: Equatable, Sendable {
        case loading
        case loaded(String)
        case failed(message: String)
    }
    var name: String
    var price: String
    var image: ImageSlot
    var description: Description
    var scrollOffset: Int
    /// What `y` copied, on the key bar's line until the description scrolls or reloads.
    var notice: String? = nil
}
