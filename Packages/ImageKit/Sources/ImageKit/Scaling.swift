extension RGBImage {
    /// The largest size with this image's aspect ratio that fits in `box` (at least 1x1 when both are non-empty).
    public func fittingSize(in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        Self.fittingSize(width: width, height: height, in: box)
    }

    /// The largest size with the aspect ratio of `width` x `height` that fits in `box`.
    static func fittingSize(width: Int, height: Int, in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return (0, 0) }
        // Compare width/height with box.width/box.height without floating point.
        if width * box.height >= height * box.width {
            let fittedHeight = (height * box.width * 2 + width) / (width * 2) // rounded
            return (box.width, min(box.height, max(1, fittedHeight)))
        } else {
            let fittedWidth = (width * box.height * 2 + height) / (height * 2)
            return (min(box.width, max(1, fittedWidth)), box.height)
        }
    }

    /// The image scaled down to fit `box` when it is larger (itself when it fits, or the box is empty).
    func reduced(toFit box: (width: Int, height: Int)) -> RGBImage {
        let size = Self.reducedSize(width: width, height: height, toFit: box)
        return resized(width: size.width, height: size.height)
    }

    /// `width` x `height` made to fit `box` when it is larger; unchanged when it fits or the box is empty.
    static func reducedSize(width: Int, height: Int, toFit box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard box.width > 0, box.height > 0, width > box.width || height > box.height else { return (width, height) }
        return fittingSize(width: width, height: height, in: box)
    }

    /// The image scaled to the largest size that fits in `size` while keeping its aspect ratio.
    ///
    /// Scales in both directions with `resized(width:height:)`: smaller images are enlarged to fill
    /// the box (integer enlargements repeat pixels exactly, like nearest-neighbour), larger ones are
    /// area-averaged. An empty image or box gives an empty image.
    public func scaled(toFit size: (width: Int, height: Int)) -> RGBImage {
        let target = fittingSize(in: size)
        return resized(width: target.width, height: target.height)
    }

    /// The image resampled to exactly `width` x `height` with an area-average (box) filter.
    ///
    /// Each output pixel is the average of the source area it covers, weighted by how much of each
    /// source pixel lies inside it, so non-integer ratios are exact too (no pixels are skipped).
    /// The arithmetic is integral: averages are rounded half up, with no floating-point drift.
    public func resized(width targetWidth: Int, height targetHeight: Int) -> RGBImage {
        guard targetWidth > 0, targetHeight > 0, !isEmpty else {
            return RGBImage(width: 0, height: 0, pixels: [])
        }
        if targetWidth == width, targetHeight == height { return self }
        let rowLength = width * 3
        return pixels.withUnsafeBufferPointer { source in
            Self.areaAveraged(width: width, height: height, toWidth: targetWidth, height: targetHeight) { row in
                UnsafeBufferPointer(rebasing: source[row * rowLength..<(row + 1) * rowLength])
            }
        }
    }

    /// A `width` x `height` RGB picture whose rows come from `row`, area-averaged to `targetWidth` x
    /// `targetHeight` in one pass down the source: `row(y)` is asked for y in order, never backwards,
    /// and its buffer is read before the next call, so a decoder can hand over one row at a time.
    ///
    /// Each source row is summed across once (into `across`) and added, weighted, into the one or two
    /// target rows it overlaps (`sums`): no buffer of the whole source is made besides the output.
    static func areaAveraged<Failure: Error>(width: Int, height: Int, toWidth targetWidth: Int, height targetHeight: Int,
                                             row: (Int) throws(Failure) -> UnsafeBufferPointer<UInt8>) throws(Failure) -> RGBImage {
        let columns = flatWeights(areaWeights(source: width, target: targetWidth))
        let rows = areaWeights(source: height, target: targetHeight)
        let divisor = width * height
        let rowLength = targetWidth * 3
        // Raw buffers: the loops below are the scaler's whole cost, and a throwing row reader cannot
        // run inside `withUnsafeMutableBufferPointer`.
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: targetWidth * targetHeight * 3)
        let across = UnsafeMutableBufferPointer<Int>.allocate(capacity: rowLength)
        let sums = UnsafeMutableBufferPointer<Int>.allocate(capacity: rowLength)
        defer { output.deallocate(); across.deallocate(); sums.deallocate() }
        var summedRow = -1
        for (y, weights) in rows.enumerated() {
            sums.update(repeating: 0)
            for (source, weight) in weights {
                if source != summedRow {
                    sumAcross(try row(source), columns: columns, into: across)
                    summedRow = source
                }
                for index in 0..<rowLength { sums[index] += across[index] * weight }
            }
            let outputRow = y * rowLength
            for index in 0..<rowLength {
                output[outputRow + index] = UInt8(clamping: (sums[index] + divisor / 2) / divisor)
            }
        }
        return RGBImage(width: targetWidth, height: targetHeight, pixels: Array(output))
    }

    /// Area weights laid out flat: for target column x, `weights[first[x]..<first[x + 1]]` pairs a
    /// source column with its overlap.
    struct FlatWeights {
        var first: [Int]
        var columns: [Int]
        var weights: [Int]
    }

    static func flatWeights(_ nested: [[(index: Int, weight: Int)]]) -> FlatWeights {
        var flat = FlatWeights(first: [0], columns: [], weights: [])
        for weights in nested {
            for (index, weight) in weights {
                flat.columns.append(index)
                flat.weights.append(weight)
            }
            flat.first.append(flat.columns.count)
        }
        return flat
    }

    /// One source row summed across into the target's columns (weighted, not yet divided).
    private static func sumAcross(_ row: UnsafeBufferPointer<UInt8>, columns: FlatWeights,
                                  into across: UnsafeMutableBufferPointer<Int>) {
        columns.first.withUnsafeBufferPointer { first in
            columns.columns.withUnsafeBufferPointer { indices in
                columns.weights.withUnsafeBufferPointer { weights in
                    for x in 0..<(first.count - 1) {
                        var red = 0, green = 0, blue = 0
                        for entry in first[x]..<first[x + 1] {
                            let offset = indices[entry] * 3, weight = weights[entry]
                            red += Int(row[offset]) * weight
                            green += Int(row[offset + 1]) * weight
                            blue += Int(row[offset + 2]) * weight
                        }
                        across[x * 3] = red
                        across[x * 3 + 1] = green
                        across[x * 3 + 2] = blue
                    }
                }
            }
        }
    }

    /// For each target index, the source indices it overlaps and by how much.
    ///
    /// Measured in units of 1/(source·target): source pixel j spans [j·target, (j+1)·target) and
    /// target pixel i spans [i·source, (i+1)·source), so overlaps are integers summing to `source`.
    static func areaWeights(source: Int, target: Int) -> [[(index: Int, weight: Int)]] {
        (0..<target).map { i in
            let start = i * source, end = (i + 1) * source
            var weights: [(index: Int, weight: Int)] = []
            var j = start / target
            while j < source, j * target < end {
                let overlap = min(end, (j + 1) * target) - max(start, j * target)
                if overlap > 0 { weights.append((j, overlap)) }
                j += 1
            }
            return weights
        }
    }
}
