import GeoMath

/// A gesture's velocity at release: how fast the content moved, zoomed and turned.
///
/// Units: points per second on screen for the content's motion (x to the right, y down),
/// zoom levels per second (log2 of the scale per second) about ``anchor``, and degrees per
/// second of the fingers' rotation, positive clockwise on screen (as
/// ``MercatorCamera/rotate(degrees:around:)``: the bearing decreases).
public struct GestureVelocity: Hashable, Sendable {
    /// The content's velocity to the right, points per second.
    public var x: Double
    /// The content's velocity downwards, points per second.
    public var y: Double
    /// The zoom's rate, zoom levels per second (> 0 zooms in).
    public var zoomLevelsPerSecond: Double
    /// The fingers' rotation rate, degrees per second clockwise.
    public var degreesPerSecond: Double
    /// The point the zoom and the rotation turn about: the last centroid of a pinch, in
    /// screen points; nil for the camera's focal point.
    public var anchor: ScreenPoint?

    /// No motion.
    public static let zero = GestureVelocity(x: 0, y: 0)

    /// A velocity.
    ///
    /// - Parameters:
    ///   - x: Points per second to the right.
    ///   - y: Points per second downwards.
    ///   - zoomLevelsPerSecond: Zoom levels per second.
    ///   - degreesPerSecond: Degrees per second, fingers clockwise.
    ///   - anchor: The pinch center, or nil for the focal point.
    public init(x: Double, y: Double, zoomLevelsPerSecond: Double = 0, degreesPerSecond: Double = 0, anchor: ScreenPoint? = nil) {
        self.x = x
        self.y = y
        self.zoomLevelsPerSecond = zoomLevelsPerSecond
        self.degreesPerSecond = degreesPerSecond
        self.anchor = anchor
    }

    /// Whether nothing moves.
    public var isZero: Bool { x == 0 && y == 0 && zoomLevelsPerSecond == 0 && degreesPerSecond == 0 }
}

/// Estimates a gesture's velocity at release from timestamped cumulative samples, with an
/// explicit window and a pause rule.
///
/// - **Window.** The velocity is the change of the cumulative values over the last
///   ``windowSeconds`` before the release, divided by that time: (p(t_r) - p(t_r - W)) / W,
///   where p is the piecewise-linear path through the samples and p(t_r) the last sample (a
///   recognizer reports no sample while the fingers rest). A gesture shorter than the window
///   uses its whole duration. So the result does not depend on the sampling rate: a finger
///   moving at constant speed gives that speed at 30, 60, 120 or 240 Hz or at random times.
/// - **Pause.** When the values last changed more than ``pauseSeconds`` before the release,
///   the velocity is exactly zero: a finger that stopped and then lifted throws nothing
///   (MapLibre #1303, Leaflet #5652). Android's VelocityTracker uses a 100 ms horizon and
///   assumes a pointer stopped after 40 ms; these are the defaults.
/// - **Memory.** The last ``capacity`` samples are kept in storage allocated once, on the
///   first sample; a window longer than they span (63 intervals: faster than 630 Hz with the
///   default window) is measured over the samples kept.
///
/// The estimator is what ``PanGestureSession`` and ``PinchGestureSession`` use; an app with
/// its own input (a trackpad, a game controller) can feed it directly.
public struct VelocityEstimator: Hashable, Sendable {
    /// The default window: 0.1 s.
    public static let defaultWindowSeconds = 0.1
    /// The default pause after which a release throws nothing: 0.04 s.
    public static let defaultPauseSeconds = 0.04
    /// How many samples are kept.
    public static let capacity = 64

    /// The window, in seconds.
    public let windowSeconds: Double
    /// The rest before release that gives zero velocity, in seconds.
    public let pauseSeconds: Double

    /// One sample: a time and the four cumulative values.
    @usableFromInline
    struct Sample: Hashable, Sendable {
        var t: Double
        var x: Double
        var y: Double
        var zoom: Double
        var degrees: Double

        func same(as other: Sample) -> Bool {
            x == other.x && y == other.y && zoom == other.zoom && degrees == other.degrees
        }
    }

    /// A ring of samples, oldest first from `head`.
    private var ring: [Sample] = []
    private var head = 0
    private var count = 0
    /// The time of the last sample whose values differ from the one before it.
    private var lastChange: Double?

    /// An estimator with the default window (0.1 s) and pause (0.04 s).
    public init() {
        windowSeconds = Self.defaultWindowSeconds
        pauseSeconds = Self.defaultPauseSeconds
    }

    /// An estimator with its own window and pause.
    ///
    /// - Parameters:
    ///   - windowSeconds: The window, finite and > 0.
    ///   - pauseSeconds: The pause rule's limit, finite and >= 0.
    /// - Throws: `GeometryError/invalidTransition(name:value:expected:)` for a value out of range.
    public init(windowSeconds: Double, pauseSeconds: Double = VelocityEstimator.defaultPauseSeconds) throws(GeometryError) {
        guard windowSeconds.isFinite, windowSeconds > 0 else {
            throw .invalidTransition(name: "velocity window", value: windowSeconds, expected: "a finite number of seconds > 0")
        }
        guard pauseSeconds.isFinite, pauseSeconds >= 0 else {
            throw .invalidTransition(name: "velocity pause", value: pauseSeconds, expected: "a finite number of seconds >= 0")
        }
        self.windowSeconds = windowSeconds
        self.pauseSeconds = pauseSeconds
    }

    /// Whether two estimators measure alike: the same window and pause, and the same samples
    /// kept, oldest first, with the same time of the last change. Where the ring stores them
    /// and what it held before a ``reset()`` do not count (they did, and two sessions that
    /// behave alike compared unequal).
    public static func == (a: VelocityEstimator, b: VelocityEstimator) -> Bool {
        guard a.windowSeconds == b.windowSeconds, a.pauseSeconds == b.pauseSeconds, a.lastChange == b.lastChange, a.count == b.count
        else { return false }
        return (0..<a.count).allSatisfy { a.sample($0) == b.sample($0) }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(windowSeconds)
        hasher.combine(pauseSeconds)
        hasher.combine(lastChange)
        hasher.combine(count)
        for k in 0..<count { hasher.combine(sample(k)) }
    }

    /// The `k`-th sample kept, oldest first.
    private func sample(_ k: Int) -> Sample { ring[(head + k) % Self.capacity] }

    /// Forgets every sample (the storage is kept).
    public mutating func reset() {
        head = 0
        count = 0
        lastChange = nil
    }

    /// Records a sample of cumulative values. A sample that is not finite, or earlier than the
    /// last one, is ignored (returns false).
    ///
    /// - Parameters:
    ///   - timestamp: Seconds on a monotonic clock.
    ///   - x: The cumulative horizontal translation, points.
    ///   - y: The cumulative vertical translation, points.
    ///   - zoom: The cumulative zoom change, zoom levels (log2 of a pinch's scale).
    ///   - degrees: The cumulative rotation, degrees clockwise.
    /// - Returns: Whether the sample was recorded.
    @discardableResult
    public mutating func add(timestamp: Double, x: Double, y: Double, zoom: Double = 0, degrees: Double = 0) -> Bool {
        let sample = Sample(t: timestamp, x: x, y: y, zoom: zoom, degrees: degrees)
        guard timestamp.isFinite, x.isFinite, y.isFinite, zoom.isFinite, degrees.isFinite else { return false }
        if ring.isEmpty { ring = Array(repeating: sample, count: Self.capacity) }
        if count > 0 {
            let last = ring[(head + count - 1) % Self.capacity]
            guard timestamp >= last.t else { return false }
            if !sample.same(as: last) { lastChange = timestamp }
        }
        if count == Self.capacity {
            ring[head] = sample
            head = (head + 1) % Self.capacity
        } else {
            ring[(head + count) % Self.capacity] = sample
            count += 1
        }
        return true
    }

    /// The velocity at a release at `timestamp` (at or after the last sample), in units per
    /// second of the values recorded: zero with fewer than two samples, after a pause longer
    /// than ``pauseSeconds``, or for a release before the last sample or not finite.
    ///
    /// - Parameter timestamp: The release time, seconds on the samples' clock.
    /// - Returns: (x, y, zoom, degrees) per second.
    public func velocity(atRelease timestamp: Double) -> (x: Double, y: Double, zoom: Double, degrees: Double) {
        let none = (x: 0.0, y: 0.0, zoom: 0.0, degrees: 0.0)
        guard count >= 2, let lastChange, timestamp.isFinite else { return none }
        let last = ring[(head + count - 1) % Self.capacity]
        guard timestamp >= last.t, timestamp - lastChange <= pauseSeconds else { return none }
        let from = timestamp - windowSeconds
        // p(from): the oldest sample when the gesture (or what is kept) is shorter than the
        // window, else the path between the two samples around `from`.
        var start = ring[head]
        var i = count - 1
        while i > 0 {
            let newer = ring[(head + i) % Self.capacity]
            let older = ring[(head + i - 1) % Self.capacity]
            if older.t <= from {
                let span = newer.t - older.t
                // At most 1: a window that starts after the last sample (a release later than
                // the window after it, which a pause longer than the window allows) starts on
                // the held last sample, so the velocity is 0. (Extrapolating the last step
                // beyond it threw the content backwards: -2990 points per second for a
                // 1000 points-per-second finger that rested 0.04 s with a 0.01 s window.)
                let f = span > 0 ? min((from - older.t) / span, 1) : 1
                start = Sample(
                    t: from, x: older.x + (newer.x - older.x) * f, y: older.y + (newer.y - older.y) * f,
                    zoom: older.zoom + (newer.zoom - older.zoom) * f,
                    degrees: older.degrees + (newer.degrees - older.degrees) * f)
                break
            }
            i -= 1
        }
        let elapsed = timestamp - start.t
        guard elapsed > 0 else { return none }
        let velocity = (
            x: (last.x - start.x) / elapsed, y: (last.y - start.y) / elapsed,
            zoom: (last.zoom - start.zoom) / elapsed, degrees: (last.degrees - start.degrees) / elapsed)
        // Differences of finite values can overflow only beyond 1e308: no throw then.
        guard velocity.x.isFinite, velocity.y.isFinite, velocity.zoom.isFinite, velocity.degrees.isFinite else { return none }
        return velocity
    }
}
