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
        let columns = Self.areaWeights(source: width, target: targetWidth)
        let rows = Self.areaWeights(source: height, target: targetHeight)

        // Horizontal pass: per source row, weighted sums (not yet divided) for every target column.
        var horizontal = [Int](repeating: 0, count: targetWidth * height * 3)
        pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    let sourceRow = y * width * 3, sumRow = y * targetWidth * 3
                    for (x, weights) in columns.enumerated() {
                        var red = 0, green = 0, blue = 0
                        for (index, weight) in weights {
                            let offset = sourceRow + index * 3
                            red += Int(source[offset]) * weight
                            green += Int(source[offset + 1]) * weight
                            blue += Int(source[offset + 2]) * weight
                        }
                        sums[sumRow + x * 3] = red
                        sums[sumRow + x * 3 + 1] = green
                        sums[sumRow + x * 3 + 2] = blue
                    }
                }
            }
        }

        // Vertical pass; every output sums weights totalling width * height, the divisor.
        let divisor = width * height
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        horizontal.withUnsafeBufferPointer { sums in
            output.withUnsafeMutableBufferPointer { target in
                for (y, weights) in rows.enumerated() {
                    for x in 0..<(targetWidth * 3) {
                        var total = 0
                        for (index, weight) in weights {
                            total += sums[index * targetWidth * 3 + x] * weight
                        }
                        target[y * targetWidth * 3 + x] = UInt8(clamping: (total + divisor / 2) / divisor)
                    }
                }
            }
        }
        return RGBImage(width: targetWidth, height: targetHeight, pixels: output)
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
