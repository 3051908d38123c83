import Dispatch
import TerminalUI

/// Makes the pictures frames placed (scaling and encoding: tens of milliseconds each), one at a time
/// on a queue of its own: never on the main actor, which keeps answering keys meanwhile, and never on
/// the cooperative pool, whose two threads on a 2-core machine the app's other work needs. Each picture
/// made goes back to its renderer, and `arrived` asks for the frame that sends it.
@MainActor
final class PictureMaker {
    private let queue = DispatchQueue(label: "pictures", qos: .userInitiated)
    private let arrived: @MainActor () -> Void
    /// The renderer whose jobs are made; another one (the terminal set up again) starts afresh.
    private weak var renderer: DiffRenderer?
    private var waiting: [PictureJob] = []
    private var isMaking = false

    /// - Parameter arrived: called on the main actor after each picture is back with its renderer.
    init(arrived: @escaping @MainActor () -> Void) {
        self.arrived = arrived
    }

    /// Takes `renderer`'s new jobs and makes them in the order their frames placed them, skipping
    /// those whose picture has left the screen by its turn.
    func makePictures(of renderer: DiffRenderer) {
        if self.renderer !== renderer {
            self.renderer = renderer
            waiting = []
        }
        waiting += renderer.takePictureJobs()
        makeNext()
    }

    /// Whether a picture is being made or waits for its turn.
    var isIdle: Bool { !isMaking && waiting.isEmpty }

    private func makeNext() {
        guard !isMaking, let renderer else { return }
        while !waiting.isEmpty {
            let job = waiting.removeFirst()
            guard renderer.wants(job) else { continue }
            isMaking = true
            let maker = ObjectIdentifier(renderer)
            queue.async { [weak self] in
                let picture = job.make()
                Task { @MainActor in self?.finished(picture, for: maker) }
            }
            return
        }
    }

    /// Back with the renderer that asked for it only: another renderer's pictures are made for its own
    /// protocol and boxes.
    private func finished(_ picture: MadePicture, for maker: ObjectIdentifier) {
        isMaking = false
        if let renderer, ObjectIdentifier(renderer) == maker { renderer.adopt(picture) }
        arrived()
        makeNext()
    }
}
