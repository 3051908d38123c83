import ImageKit
import PictureUI
import Navigation
import TerminalUI

/// The categories screen as plain values.
typealias CategoriesViewModel = ListScreenViewModel<CategoryRowViewModel>

/// A category's row: its title and description.
struct CategoryRowViewModel: Equatable, Sendable {
    var title: String
    var description: String
}

/// A category's resources list as plain values. `rows` are made when read (``LazyRows``): a key press
/// formats the rows on screen, never the whole list.
struct ResourceListViewModel: FilteredListViewModel, Equatable {
    struct Row: Equatable, Sendable {
        var title: String
        /// The description on one line, as text.
        var summary: String
        /// The photo's slot; `.none` when the resource has no photo.
        var photo: ImageSlot
    }
    /// The rows that match the filter; a failure that loading again cannot fix (a category without a
    /// file) has no retry.
    typealias Content = ListContent<Row>
    /// The category's title (and how many resources are shown).
    var title: String
    var content: Content
    /// The current order, shown beside the sort button ("A–Z").
    var orderLabel: String
    var search: SearchFieldState
    /// What the filter left out, when it left out everything (`No title matches “x”.`).
    var emptyMessage: String
    var notice: String?
    var touchedIndex: Int?
    /// The sort button is pressed (mouse down on it).
    var sortTouched = false
}

/// A resource's details as plain values: the mockup's blocks, then its sections, only those with content.
struct ResourceDetailViewModel: Equatable, Sendable {
    /// One button of an item; `action` indexes the screen's focus ring (tab order).
    struct Button: Equatable, Sendable {
        var title: String
        var action: Int
    }
    /// One block of a section: a red label over lines (a number, an address), buttons on the right.
    struct Item: Equatable, Sendable {
        var label: String?
        var lines: [String]
        /// Right-aligned text on the first line (business hours).
        var trailing: String?
        /// The trailing text is dim (`CLOSED`).
        var trailingDim = false
        var buttons: [Button] = []
        /// Where its lines link to (OSC 8): the number to call, the address to write or map, the website.
        var link: String? = nil
    }
    struct Section: Equatable, Sendable {
        var title: String
        var items: [Item]
    }
    struct Notice: Equatable, Sendable {
        var text: String
        var isProblem: Bool
    }
    var title: String
    /// nil when the resource has no photo: no room is kept for one.
    var photo: ImageSlot?
    var description: String
    var sections: [Section]
    /// How many actions the focus ring has.
    var actionCount: Int
    var focusedAction: Int?
    var touchedAction: Int?
    /// The content row at the top of the screen.
    var scrollOffset: Int
    var notice: Notice?
}

/// The compose screen as plain values.
struct ComposeEmailViewModel: Equatable, Sendable {
    enum Focus: Int, Equatable, Sendable, CaseIterable {
        case to, subject, body
    }
    /// To and Subject (with their messages).
    var fields: FormState
    var body: TextAreaState
    var bodyMessage: String?
    var focus: Focus
    var notice: ResourceDetailViewModel.Notice?
    /// A send is under way: editing waits.
    var isSending: Bool
}
