import Foundation
import Navigation
import WebBrowser

@MainActor
protocol CategoriesRouting {
    func openResources(of category: ResourceCategory)
}

@MainActor
protocol ResourceListRouting {
    func openDetail(of entry: ResourceEntry)
}

@MainActor
protocol ResourceDetailRouting {
    func openCompose(draft: EmailDraft, output: any ComposeEmailModuleOutput)
    func openWebsite(_ url: URL, output: any WebBrowserModuleOutput)
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

@MainActor
protocol ComposeEmailRouting {
    func openDiscardConfirmation(id: String, output: any ConfirmDialogOutput)
    func closeCompose()
}

/// Leaves the categories screen for a category's resources, through the host.
struct CategoriesRouter: CategoriesRouting, ModuleRouter {
    let routes: ModuleRoutes<ResourceDirectoryModule.Dependencies>

    func openResources(of category: ResourceCategory) {
        routes.push { ResourceDirectoryModule.makeResourceList(category: category, dependencies: $0, host: $1) }
    }
}

/// Leaves the resources list for a resource's details.
struct ResourceListRouter: ResourceListRouting, ModuleRouter {
    let routes: ModuleRoutes<ResourceDirectoryModule.Dependencies>

    func openDetail(of entry: ResourceEntry) {
        routes.push { ResourceDirectoryModule.makeDetail(entry: entry, dependencies: $0, host: $1) }
    }
}

/// Leaves the details for the compose screen or the shared in-app browser.
struct ResourceDetailRouter: ResourceDetailRouting, ModuleRouter {
    let routes: ModuleRoutes<ResourceDirectoryModule.Dependencies>

    func openCompose(draft: EmailDraft, output: any ComposeEmailModuleOutput) {
        routes.push { ResourceDirectoryModule.makeCompose(draft: draft, output: output, dependencies: $0, host: $1) }
    }

    func openWebsite(_ url: URL, output: any WebBrowserModuleOutput) {
        routes.push { dependencies, host in
            WebBrowserModule.make(dependencies: .init(pages: dependencies.pages, opener: dependencies.opener), url: url, host: host, output: output)
        }
    }

    func openClipboard(with text: String) -> Bool { routes.copyToClipboard(text) }
}

/// Asks before discarding a draft, and closes the compose screen.
struct ComposeEmailRouter: ComposeEmailRouting, ModuleRouter {
    let routes: ModuleRoutes<Void>

    func openDiscardConfirmation(id: String, output: any ConfirmDialogOutput) {
        routes.present { host in
            ConfirmDialog(id: id, message: ResourceDirectoryTexts.discardQuestion, confirmTitle: ResourceDirectoryTexts.discardButton,
                          cancelTitle: ResourceDirectoryTexts.keepEditingButton, output: output, navigator: host)
        }
    }

    func closeCompose() { routes.pop() }
}
