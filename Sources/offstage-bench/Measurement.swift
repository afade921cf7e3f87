/// Medians and paired ratios over the timed rounds of one benchmark.
enum Measurement {
    /// The median (mean of the middle two for an even count); 0 for no values.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median of per-round ratios `a[i] / b[i]` (rounds where `b[i]` is 0 are skipped).
    ///
    /// Paired: each ratio compares two runs made close together, so drift of the machine between
    /// rounds cancels out; this can differ from `median(a) / median(b)`.
    static func pairedRatio(_ a: [Double], over b: [Double]) -> Double {
        median(zip(a, b).compactMap { $1 > 0 ? $0 / $1 : nil })
    }
}

/// The timed runs of one tool, in round order.
struct ToolRuns: Sendable {
    var walls: [Double] = []
    var cpus: [Double] = []
    var peaks: [Double] = []

    mutating func append(_ usage: ChildUsage) {
        walls.append(usage.wall)
        cpus.append(usage.cpu)
        peaks.append(Double(usage.peakBytes) / 1_048_576)
    }
}

/// One tool's figures: medians, and paired ratios against the baseline.
struct ToolSummary: Codable, Sendable {
    var tool: String
    var runs: Int
    var medianWallSeconds: Double
    var medianCPUSeconds: Double
    var medianPeakMiB: Double
    var maxPeakMiB: Double
    /// Median of per-round wall ratios against curl (1 for curl itself).
    var wallRatioVsCurl: Double
    /// Median of per-round CPU ratios against curl.
    var cpuRatioVsCurl: Double

    init(tool: String, runs: ToolRuns, baseline: ToolRuns) {
        self.tool = tool
        self.runs = runs.walls.count
        medianWallSeconds = Measurement.median(runs.walls)
        medianCPUSeconds = Measurement.median(runs.cpus)
        medianPeakMiB = Measurement.median(runs.peaks)
        maxPeakMiB = runs.peaks.max() ?? 0
        wallRatioVsCurl = Measurement.pairedRatio(runs.walls, over: baseline.walls)
        cpuRatioVsCurl = Measurement.pairedRatio(runs.cpus, over: baseline.cpus)
    }
}
