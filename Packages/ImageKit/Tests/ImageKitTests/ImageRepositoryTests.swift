import Foundation
import ImageKitTesting
import XCTest
@testable import ImageKit

final class ImageRepositoryTests: XCTestCase {
    private let apple = URL(string: "https://example.com/images/1.jpg")!
    private let pear = URL(string: "https://example.com/images/2.png")!
    private let plum = URL(string: "https://example.com/images/3.png")!
    private var temporaryDirectory: URL!

    override func setUpWithError() throws {
        temporaryDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagekit-tests-\(UUID().uuidString)", isDirectory: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporaryDirectory)
    }

    private func repository(_ counter: ImageFixtures.FetchCounter, disk: Bool = true,
                            memoryCapacity: Int = 64) -> ImageRepository {
        ImageRepository(fetch: { try await counter.fetch($0) }, diskCacheDirectory: disk ? temporaryDirectory : nil,
                        memoryCapacity: memoryCapacity)
    }

    func testMemoryHitDoesNotFetchAgain() async throws {
        let counter = ImageFixtures.FetchCounter(serving: [pear: ImageFixtures.tinyPNG])
        let images = repository(counter, disk: false)
        let first = try await images.image(for: pear)
        let second = try await images.image(for: pear)
        XCTAssertEqual(first, ImageFixtures.tinyImage)
        XCTAssertEqual(second, first)
        let fetches = await counter.count
        XCTAssertEqual(fetches, 1)
        let cached = await images.cachedImage(for: pear)
        XCTAssertEqual(cached, first)
    }

    func testDiskCacheSurvivesANewRepository() async throws {
        let counter = ImageFixtures.FetchCounter(serving: [apple: ImageFixtures.tinyJPEG])
        let fetched = try await repository(counter).image(for: apple)
        let file = temporaryDirectory.appendingPathComponent(ImageRepository.cacheFileName(for: apple))
        XCTAssertEqual(try Data(contentsOf: file), ImageFixtures.tinyJPEG, "the original bytes are kept")

        let offline = ImageRepository(fetch: { _ in throw URLError(.notConnectedToInternet) },
                                      diskCacheDirectory: temporaryDirectory)
        let reloaded = try await offline.image(for: apple)
        XCTAssertEqual(reloaded, fetched)
    }

    /// The disk cache is bounded in files and bytes: a scroll through many pictures leaves at most the
    /// bound behind, and the pictures used last stay (least recently used go first, a read counts as a use).
    func testTheDiskCacheIsTrimmedLeastRecentlyUsedFirst() async throws {
        let urls = (0..<40).map { URL(string: "https://example.com/images/\($0).png")! }
        let counter = ImageFixtures.FetchCounter(serving: Dictionary(uniqueKeysWithValues: urls.map { ($0, ImageFixtures.tinyPNG) }))
        let cache = DiskImageCache(directory: temporaryDirectory, byteLimit: 1 << 20, fileLimit: 10)
        let images = ImageRepository(fetch: { try await counter.fetch($0) }, diskCache: cache, memoryCapacity: 1)
        let past = Date(timeIntervalSinceNow: -3600)
        for (index, url) in urls.enumerated() {
            _ = try await images.image(for: url)
            // Each file a little older than the next, as a scroll writes them (the clock's resolution aside).
            let file = temporaryDirectory.appendingPathComponent(ImageRepository.cacheFileName(for: url)).path
            try FileManager.default.setAttributes([.modificationDate: past.addingTimeInterval(Double(index))], ofItemAtPath: file)
            if index == 5 {
                // The first picture is shown again before any trim: read from disk (not fetched), it becomes
                // the most recently used and outlives the pictures written after it.
                await images.removeAllFromMemory()
                _ = try await images.image(for: urls[0])
                let fetches = await counter.count
                XCTAssertEqual(fetches, 6, "read from the disk cache")
            }
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)
        XCTAssertLessThanOrEqual(kept.count, 10, "never more than the bound: \(kept.count)")
        XCTAssertTrue(kept.contains(ImageRepository.cacheFileName(for: urls[39])), "the newest stays")
        XCTAssertFalse(kept.contains(ImageRepository.cacheFileName(for: urls[1])), "an old one went")
        XCTAssertTrue(kept.contains(ImageRepository.cacheFileName(for: urls[0])), "the one shown again stays: a read is a use")
        XCTAssertEqual(cache.counted.files, kept.count)

        // By bytes too: three pictures' worth.
        let small = DiskImageCache(directory: temporaryDirectory.appendingPathComponent("bytes"), byteLimit: ImageFixtures.tinyPNG.count * 3,
                                   fileLimit: 1_000)
        for url in urls.prefix(10) { small.store(ImageFixtures.tinyPNG, for: url) }
        XCTAssertLessThanOrEqual(small.counted.bytes, ImageFixtures.tinyPNG.count * 3)
    }

    func testCorruptDiskFileIsDeletedAndFetchedAgain() async throws {
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        let file = temporaryDirectory.appendingPathComponent(ImageRepository.cacheFileName(for: pear))
        try Data([0x89, 0x50, 0x4E, 0x47, 0xDE, 0xAD]).write(to: file)

        let counter = ImageFixtures.FetchCounter(serving: [pear: ImageFixtures.tinyPNG])
        let image = try await repository(counter).image(for: pear)
        XCTAssertEqual(image, ImageFixtures.tinyImage)
        let fetches = await counter.count
        XCTAssertEqual(fetches, 1)
        XCTAssertEqual(try Data(contentsOf: file), ImageFixtures.tinyPNG, "the corrupt file was replaced")
    }

    func testFetchFailureBecomesUnavailableAndIsNotCached() async throws {
        let counter = ImageFixtures.FetchCounter(serving: [:])
        let images = repository(counter)
        for _ in 0..<2 {
            do {
                _ = try await images.image(for: apple)
                XCTFail("expected a failure")
            } catch {
                guard case .unavailable = error else { return XCTFail("expected .unavailable, got \(error)") }
                XCTAssertEqual(error.reason, "image unavailable")
            }
        }
        let fetches = await counter.count
        XCTAssertEqual(fetches, 2, "a failure is retried on the next request")
    }

    func testUndecodableDownloadIsReportedAndNeverWrittenToDisk() async throws {
        let counter = ImageFixtures.FetchCounter(serving: [apple: ImageFixtures.notAnImage])
        do {
            _ = try await repository(counter).image(for: apple)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error, .unsupportedFormat)
        }
        let file = temporaryDirectory.appendingPathComponent(ImageRepository.cacheFileName(for: apple))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testConcurrentRequestsForOneURLShareOneFetch() async throws {
        let gate = FetchGate(data: ImageFixtures.tinyPNG)
        let images = ImageRepository(fetch: { _ in await gate.fetch() }, diskCacheDirectory: nil)
        let url = pear
        let requests = (0..<5).map { _ in Task { try await images.image(for: url) } }

        // Wait (without a clock) until every request has either fetched or joined a fetch.
        var spins = 0
        while await gate.fetchCount + images.joinedRequestCount < 5 {
            spins += 1
            guard spins < 1_000_000 else { return XCTFail("requests never arrived") }
            await Task.yield()
        }
        await gate.open()
        for request in requests {
            let image = try await request.value
            XCTAssertEqual(image, ImageFixtures.tinyImage)
        }
        let fetches = await gate.fetchCount
        XCTAssertEqual(fetches, 1)
    }

    func testLeastRecentlyUsedImageIsEvictedFirst() async throws {
        let counter = ImageFixtures.FetchCounter(serving: [
            apple: ImageFixtures.tinyJPEG, pear: ImageFixtures.tinyPNG, plum: ImageFixtures.tinyPNG,
        ])
        let images = repository(counter, disk: false, memoryCapacity: 2)
        _ = try await images.image(for: apple)
        _ = try await images.image(for: pear)
        _ = try await images.image(for: apple)   // memory hit; pear is now the least recently used
        _ = try await images.image(for: plum)    // evicts pear
        _ = try await images.image(for: apple)   // still cached
        _ = try await images.image(for: pear)    // fetched again
        let calls = await counter.calls
        XCTAssertEqual(calls, [apple, pear, plum, pear])
    }

    func testByteLimitKeepsOversizedImagesOutOfMemory() async throws {
        let counter = ImageFixtures.FetchCounter(serving: [pear: ImageFixtures.tinyPNG])
        let images = ImageRepository(fetch: { try await counter.fetch($0) }, diskCacheDirectory: nil,
                                     memoryByteLimit: 11) // a 2x2 image is 12 bytes
        _ = try await images.image(for: pear)
        _ = try await images.image(for: pear)
        let fetches = await counter.count
        XCTAssertEqual(fetches, 2)
    }

    func testCacheFileNameIsAStableFNV1aHash() {
        XCTAssertEqual(ImageRepository.cacheFileName(for: URL(string: "a")!), "af63dc4c8601ec8c.image")
        XCTAssertEqual(ImageRepository.cacheFileName(for: apple), ImageRepository.cacheFileName(for: apple))
        XCTAssertNotEqual(ImageRepository.cacheFileName(for: apple), ImageRepository.cacheFileName(for: pear))
    }

    func testDefaultCacheDirectoryFollowsXDG() {
        XCTAssertEqual(ImageRepository.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/home/me"]).path,
                       "/var/cache/me/apps-cli/images")
        XCTAssertEqual(ImageRepository.defaultCacheDirectory(environment: ["HOME": "/home/me"]).path,
                       "/home/me/.cache/apps-cli/images")
        XCTAssertEqual(ImageRepository.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/me"]).path,
                       "/home/me/.cache/apps-cli/images", "a relative XDG_CACHE_HOME is ignored, as the spec says")
    }
}

/// A fetch that holds every caller until `open()`, and counts them.
private actor FetchGate {
    private let data: Data
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var fetchCount = 0

    init(data: Data) {
        self.data = data
    }

    func fetch() async -> Data {
        fetchCount += 1
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        return data
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}
