import ImageKit
import PictureUI
import Navigation
import TerminalUI

/// One product row of the overview, as plain values.
struct ProductRowViewModel: Equatable, Sendable {
    var id: Int
    var name: String
    var description: String
    var price: String
    var stars: String
    /// Available products show the picture on the left, unavailable ones on the right.
    var isAvailable: Bool
    var isFavorite: Bool
    var image: ImageSlot
}

/// The rows of the current filter, formatted when read (see ``LazyRows``).
typealias ProductRows = LazyRows<ProductRowViewModel>

extension LazyRows where Row == ProductRowViewModel {
    /// The rows of `products`, with their favorite state and pictures.
    init(products: ListRows<Check24FilteredCatalog>, favorites: Set<Int>, images: ImageSlots.Snapshot) {
        self.init(count: products.count) { index in
            let product = products[index]
            return ProductRowViewModel(
                id: product.id, name: product.name, description: product.description,
                price: Check24Formatting.price(product.price), stars: Check24Formatting.stars(product.rating),
                isAvailable: product.available, isFavorite: favorites.contains(product.id),
                image: images[product.imageURL])
        }
    }
}

/// The overview's whole state as plain values.
struct Check24OverviewViewModel: SearchingViewModel, Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case loading
        /// The error view: the message and the `Neuladen` button.
        case failed(message: String)
        /// The list: header, rows of the current filter, then the footer. `selectedIndex` counts the
        /// footer as the row after the last product; `firstVisibleRow` is the list row at the top of
        /// the screen, where row 0 is the header, products follow, and the footer is last.
        case loaded(header: Check24Header, rows: ProductRows, emptyMessage: String?, selectedIndex: Int, firstVisibleRow: Int)
    }
    var filters: [String]
    var selectedFilter: Int
    /// False while in error: the tabs are drawn disabled and ignore input.
    var filtersEnabled: Bool
    var content: Content
    var footer: String
    /// A short note, e.g. that some products could not be read or a favorite could not be saved.
    var notice: String?
    /// The row under a mouse press (a product, or the footer as `rows.count`), drawn touched.
    var touchedRow: Int?
    /// The `/` filter's line.
    var search = SearchFieldState()
    /// How many of the tab's products the filter leaves ("3 von 12"), while it filters.
    var searchCount: String? = nil
}

/// The details screen's state.
struct Check24DetailViewModel: Equatable, Sendable {
    enum Focus: Equatable, Sendable { case favoriteButton, footer }
    var name: String
    var isFavorite: Bool
    var price: String
    var stars: String
    var releaseDate: String
    var color: String
    /// `RRGGBB`, for a swatch.
    var colorCode: String?
    var availability: String
    var description: String
    var longDescription: String
    var favoriteButtonTitle: String
    var footer: String
    var image: ImageSlot
    var focus: Focus
    var scrollOffset: Int
    var notice: String?
}
