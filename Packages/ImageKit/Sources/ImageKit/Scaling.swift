extension RGBImage {
    /// The largest size with this image's aspect ratio that fits in `box` (at least 1x1 when both are non-empty).
    public func fittingSize(in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard !isEmpty, box.width > 0, box.height > 0 else { return (0, 0) }
        // Compare width/height with box.width/box.height without floating point.
        if width * box.height >= height * box.width {
            let fittedHeight = (height * box.width * 2 + width) / (width * 2) // rounded
            return (box.width, min(box.height, max(1, fittedHeight)))
        } else {
            let fittedWidth = (width * box.height * 2 + height) / (height * 2)
            return (min(box.width, max(1, fittedWidth)), box.height)
        }
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
        let columns = Self.flatWeights(Self.areaWeights(source: width, target: targetWidth))
        let rows = Self.areaWeights(source: height, target: targetHeight)
        let divisor = width * height
        let rowLength = targetWidth * 3
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        // One pass down the source, a row at a time: each source row is summed across once (into
        // `across`) and added, weighted, into the one or two target rows it overlaps (`sums`), so no
        // buffer of the whole picture is made besides the output.
        var across = [Int](repeating: 0, count: rowLength)
        var sums = [Int](repeating: 0, count: rowLength)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                across.withUnsafeMutableBufferPointer { across in
                    sums.withUnsafeMutableBufferPointer { sums in
                        var summedRow = -1
                        for (y, weights) in rows.enumerated() {
                            for index in 0..<rowLength { sums[index] = 0 }
                            for (row, weight) in weights {
                                if row != summedRow {
                                    Self.sumAcross(source, row: row, width: width, columns: columns, into: across)
                                    summedRow = row
                                }
                                for index in 0..<rowLength { sums[index] += across[index] * weight }
                            }
                            let outputRow = y * rowLength
                            for index in 0..<rowLength {
                                target[outputRow + index] = UInt8(clamping: (sums[index] + divisor / 2) / divisor)
                            }
                        }
                    }
                }
            }
        }
        return RGBImage(width: targetWidth, height: targetHeight, pixels: output)
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

    /// Row `row` of `source` summed across into the target's columns (weighted, not yet divided).
    private static func sumAcross(_ source: UnsafeBufferPointer<UInt8>, row: Int, width: Int, columns: FlatWeights,
                                  into across: UnsafeMutableBufferPointer<Int>) {
        let sourceRow = row * width * 3
        columns.first.withUnsafeBufferPointer { first in
            columns.columns.withUnsafeBufferPointer { indices in
                columns.weights.withUnsafeBufferPointer { weights in
                    for x in 0..<(first.count - 1) {
                        var red = 0, green = 0, blue = 0
                        for entry in first[x]..<first[x + 1] {
                            let offset = sourceRow + indices[entry] * 3, weight = weights[entry]
                            red += Int(source[offset]) * weight
                            green += Int(source[offset + 1]) * weight
                            blue += Int(source[offset + 2]) * weight
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
