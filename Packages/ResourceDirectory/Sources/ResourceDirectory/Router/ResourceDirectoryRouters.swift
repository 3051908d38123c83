import Foundation
import Navigation
import WebBrowser

@MainActor
protocol CategoriesRouting: AnyObject {
    func openResources(of category: ResourceCategory)
}

@MainActor
protocol ResourceListRouting: AnyObject {
    func openDetail(of entry: ResourceEntry)
}

@MainActor
protocol ResourceDetailRouting: AnyObject {
    func openCompose(draft: EmailDraft, output: any ComposeEmailModuleOutput)
    func openWebsite(_ url: URL, output: any WebBrowserModuleOutput)
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

@MainActor
protocol ComposeEmailRouting: AnyObject {
    func openDiscardConfirmation(id: String, output: any ConfirmDialogOutput)
    func closeCompose()
}

/// Leaves the categories screen for a category's resources, through the host.
@MainActor
final class CategoriesRouter: CategoriesRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: ResourceDirectoryModule.Dependencies

    init(host: any ScreenHost, dependencies: ResourceDirectoryModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openResources(of category: ResourceCategory) {
        guard let host else { return }
        host.push(ResourceDirectoryModule.makeResourceList(category: category, dependencies: dependencies, host: host))
    }
}

/// Leaves the resources list for a resource's details.
@MainActor
final class ResourceListRouter: ResourceListRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: ResourceDirectoryModule.Dependencies

    init(host: any ScreenHost, dependencies: ResourceDirectoryModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openDetail(of entry: ResourceEntry) {
        guard let host else { return }
        host.push(ResourceDirectoryModule.makeDetail(entry: entry, dependencies: dependencies, host: host))
    }
}

/// Leaves the details for the compose screen or the shared in-app browser.
@MainActor
final class ResourceDetailRouter: ResourceDetailRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: ResourceDirectoryModule.Dependencies

    init(host: any ScreenHost, dependencies: ResourceDirectoryModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openCompose(draft: EmailDraft, output: any ComposeEmailModuleOutput) {
        guard let host else { return }
        host.push(ResourceDirectoryModule.makeCompose(draft: draft, output: output, dependencies: dependencies, host: host))
    }

    func openWebsite(_ url: URL, output: any WebBrowserModuleOutput) {
        guard let host else { return }
        host.push(WebBrowserModule.make(dependencies: .init(pages: dependencies.pages, opener: dependencies.opener), url: url, host: host,
                                        output: output))
    }

    func openClipboard(with text: String) -> Bool {
        host?.copyToClipboard(text) ?? false
    }
}

/// Asks before discarding a draft, and closes the compose screen.
@MainActor
final class ComposeEmailRouter: ComposeEmailRouting {
    private weak var host: (any ScreenHost)?

    init(host: any ScreenHost) {
        self.host = host
    }

    func openDiscardConfirmation(id: String, output: any ConfirmDialogOutput) {
        guard let host else { return }
        host.present(ConfirmDialog(id: id, message: ResourceDirectoryTexts.discardQuestion,
                                   confirmTitle: ResourceDirectoryTexts.discardButton,
                                   cancelTitle: ResourceDirectoryTexts.keepEditingButton, output: output, navigator: host))
    }

    func closeCompose() {
        host?.pop()
    }
}
