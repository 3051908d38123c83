import ImageKit
import PictureUI
import Navigation
import TerminalUI

/// A contact's picture as a row or a page shows it: the picture, or an initials avatar.
struct AvatarModel: Equatable, Sendable {
    var initials: String
    /// `.none` when the contact has no picture of its own (the avatar shows the initials).
    var picture: ImageSlot
    /// Picks the avatar's color, so a contact keeps its color everywhere.
    var colorSeed: Int
}

/// The home screen: A–Z sections of contacts, the `/` search line, loading / empty / error.
struct ContactListViewModel: FilteredListViewModel, Equatable {
    enum Row: Equatable, Sendable {
        case header(String)
        case contact(ContactRow)
        /// A contact whose page has not come yet (a jump far into a long list): a moment's placeholder.
        case pending

        var isHeader: Bool {
            if case .header = self { return true }
            return false
        }
    }

    struct ContactRow: Equatable, Sendable {
        var name: String
        var favorite: Bool
        var avatar: AvatarModel
        /// "waiting to sync" or "! not saved": a change the server does not have yet.
        var sync: String? = nil
        var syncIsProblem = false
    }

    var title: String
    var content: ListContent<Row>
    var search: SearchFieldState
    var emptyMessage: String
    var notice: String?
    var touchedIndex: Int?
}

/// A contact's page: picture, name, mobile, email, the action buttons and a notice line.
struct ContactDetailViewModel: Equatable {
    enum Content: Equatable {
        case loading
        case failed(message: String)
        case loaded(Page)
    }

    struct Page: Equatable {
        var name: String
        var favorite: Bool
        var mobile: String
        var email: String
        /// `tel:` and `mailto:` of the values shown (OSC 8), when they are valid ones.
        var mobileLink: String? = nil
        var emailLink: String? = nil
        var avatar: AvatarModel
        var buttons: [ButtonModel]
        var focusedButton: Int
        var isBusy: Bool
    }

    struct ButtonModel: Equatable, Sendable {
        var title: String
        var isEnabled: Bool
    }

    var content: Content
    var notice: String?
    var noticeIsError = false
}

/// The add / edit form: the fields with their messages, the photo preview, the status line.
struct ContactFormViewModel: Equatable {
    var title: String
    var form: FormState
    var preview: ImageSlot
    var previewCaption: String
    var notice: String?
    var noticeIsError = false
}
