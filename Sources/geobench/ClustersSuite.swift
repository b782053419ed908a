import CMallocCounter
import GeoMath
import MapTooling
import Projection

/// The `clusters` suite (issue 14): building the cluster index and querying it for a phone.
///
/// - "cluster index build": 100 000 pins within about 10 km of Paris (a deterministic
///   scatter, a tenth in coincident groups), against projecting the same 100 000 coordinates
///   through PROJ in one batch (what getting the pins' Mercator points costs anyway).
/// - "cluster index build, maximum zoom 16 (supercluster's)": the same build with the settings
///   of the supercluster figure (maxZoom 16, radius 40 pixels at 512-pixel tiles, which
///   is this library's default 20 points).
/// - "cluster index update (1% of pins by id)": 1 000 of the 100 000 announcements refreshed
///   by id (500 moved anywhere in the area, 250 removed, 250 new), in place on the built
///   index (each sample the update and its inverse, timed per update), against rebuilding the
///   index from the resulting pins.
/// - "cluster index update (1% of pins: 500 closed, 500 new)": a refresh of announcements
///   closed and reported, none moved, the same way against the same kind of rebuild.
/// - "cluster index update (1% of pins: categories changed, none moved)": 1 000 pets found
///   or missing again (every hundredth pet's category changed), the same way against the
///   same kind of rebuild.
/// - "cluster index update to the whole list (1% changed)": the first refresh (by id: 500
///   moved, 250 removed, 250 new; not the closed-and-new one) given as every announcement
///   fetched again (`update(to:)`, which finds the differences itself), against
///   the same rebuild; each list in another order than the one before (a dictionary's), so
///   that its ids are sorted.
/// - "cluster index update to the whole list in the order fetched before (1% changed)": the
///   same refresh given in the order of the list before, as a server sorting by date gives
///   it: the pins removed taken out where they were, those moved changed where they are, the
///   new ones first; then the list before back. The update follows the list before.
/// - "cluster index build, 1000000 pins worldwide": uniform in longitude and latitude, with
///   the index's heap per pin (kept, and at the build's peak).
/// - "cluster viewport query + placement": the items a 390 x 844 camera over Paris shows at
///   zooms 11 to 16 in turn (level, candidates, screen points, draw order), against placing
///   10 000 pins with the camera's affine map (`place(_:into:)`).
/// - "cluster viewport query from a MapKit state": the same query given the cameras' MapKit
///   state (`visibleMapRect`, size, heading), against the camera's query.
///
/// ns/op is per build or per query; allocations are counted per op after the timing.
enum ClustersSuite {
    static func run(samples: Int, progress: (String) -> Void) throws -> [Measurement] {
        var results: [Measurement] = []
        let count = 100_000
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(count)
        var state: UInt64 = 0x1405
        func uniform() -> Double {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        while coordinates.count < count {
            let place = try Coordinate(latitude: 48.8566 + (uniform() * 2 - 1) * 0.09, longitude: 2.3522 + (uniform() * 2 - 1) * 0.135)
            let copies = uniform() < 0.1 ? 2 + Int(uniform() * 4) : 1
            for _ in 0..<min(copies, count - coordinates.count) { coordinates.append(place) }
        }
        let points = WebMercator.project(coordinates)
        let pins = points.indices.map { ClusterPin(id: "pet\($0)", point: points[$0], category: $0 % 3 == 0 ? .found : .missing) }
        progress("clusters: building the index of 100000 pins, against projecting them through PROJ...")
        var index: PinClusterIndex? = nil
        var failure: GeometryError? = nil
        let build = measurePair(
            samples: max(3, samples / 5), size: 1,
            operation: {
                do throws(GeometryError) { index = try PinClusterIndex(pins: pins) } catch { failure = error }
            },
            baseline: { blackHole(WebMercator.project(coordinates)) })
        if let failure { throw failure }
        results.append(Measurement(
            suite: "clusters", operation: "cluster index build", size: count, nsPerOp: build.operation.median,
            spread: build.operation.spread, baseline: "PROJ projection of the same pins (one batch)",
            baselineNsPerOp: build.baseline.median, baselineSpread: build.baseline.spread, allocationsPerOp: nil))
        guard let index else { return results }
        // The supercluster figure (479 ms) was measured with maxZoom 16 and a radius of
        // 40 pixels at 512-pixel tiles: the same build with those settings (20 points here).
        progress("clusters: building the index of 100000 pins with maximum zoom 16 (supercluster's setting)...")
        let like = measurePair(
            samples: max(3, samples / 5), size: 1,
            operation: {
                do throws(GeometryError) { blackHole(try PinClusterIndex(pins: pins, radiusPoints: 20, maximumZoom: 16)) } catch { failure = error }
            },
            baseline: { blackHole(WebMercator.project(coordinates)) })
        if let failure { throw failure }
        results.append(Measurement(
            suite: "clusters", operation: "cluster index build, maximum zoom 16 (supercluster's)", size: count,
            nsPerOp: like.operation.median, spread: like.operation.spread, baseline: "PROJ projection of the same pins (one batch)",
            baselineNsPerOp: like.baseline.median, baselineSpread: like.baseline.spread, allocationsPerOp: nil))
        progress("clusters: updating 1% of the pins by id, against rebuilding...")
        var upserts: [ClusterPin] = []
        var removals: [String] = []
        for k in 0..<1_000 {
            let target = Int(uniform() * Double(count))
            let dx: Double = (uniform() * 2 - 1) * 15_000
            let dy: Double = (uniform() * 2 - 1) * 15_000
            let point = try MercatorPoint(x: points[0].x + dx, y: points[0].y + dy)
            let id = "pet\(target)"
            let taken = removals.contains(id) || upserts.contains { $0.id == id }
            switch k % 4 {
            case 0, 1:
                if !taken { upserts.append(ClusterPin(id: id, point: point, category: .missing)) }
            case 2:
                if !taken { removals.append(id) }
            default:
                upserts.append(ClusterPin(id: "new\(k)", point: point, category: .found))
            }
        }
        let original = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0) })
        var live = try PinClusterIndex(pins: pins)
        var rebuilt: PinClusterIndex? = nil
        /// Times an update by id against rebuilding from its result; returns the pins after it.
        func measureUpdate(_ operation: String, upserts: [ClusterPin], removals: [String]) throws -> [ClusterPin] {
            var updatedPins = original
            for id in removals { updatedPins[id] = nil }
            for pin in upserts { updatedPins[pin.id] = pin }
            let rebuildPins = Array(updatedPins.values)
            // The inverse update: the changed and removed pins back as they were, the new ones removed.
            var back: [ClusterPin] = [], backRemovals: [String] = []
            for pin in upserts {
                if let old = original[pin.id] { back.append(old) } else { backRemovals.append(pin.id) }
            }
            for id in removals { if let old = original[id] { back.append(old) } }
            // Updated in place, as an app's model updates the index it owns (an update of a copy
            // would first copy every array the update writes to): each sample is the update and
            // its inverse, timed per update.
            let update = measureGroup(
                samples: max(3, samples / 5),
                sides: [
                    {
                        do throws(GeometryError) {
                            try live.update(upserting: upserts, removing: removals)
                            try live.update(upserting: back, removing: backRemovals)
                        } catch { failure = error }
                        return 2
                    },
                    {
                        do throws(GeometryError) { rebuilt = try PinClusterIndex(pins: rebuildPins) } catch { failure = error }
                        return 1
                    },
                ])
            if let failure { throw failure }
            // (A check, not a timing: the update is the rebuild, and its inverse the index built.)
            try live.update(upserting: upserts, removing: removals)
            guard live == rebuilt else { throw ToolError("clusters: the updated index differs from the index rebuilt from the same pins") }
            try live.update(upserting: back, removing: backRemovals)
            guard live == index else { throw ToolError("clusters: an update and its inverse do not give the index back") }
            results.append(Measurement(
                suite: "clusters", operation: operation, size: upserts.count + removals.count,
                nsPerOp: update[0].median, spread: update[0].spread, baseline: "rebuilding the index from the updated pins",
                baselineNsPerOp: update[1].median, baselineSpread: update[1].spread, allocationsPerOp: nil))
            return rebuildPins
        }
        let rebuildPins = try measureUpdate("cluster index update (1% of pins by id)", upserts: upserts, removals: removals)
        // A refresh as the app meets it most: announcements closed (found, reunited) and new
        // ones reported, none moved: 500 of each, the new ones anywhere in the area.
        progress("clusters: updating 1% of the pins as 500 closed and 500 new, against rebuilding...")
        var closed: [String] = [], reported: [ClusterPin] = []
        while closed.count < 500 {
            let id = "pet\(Int(uniform() * Double(count)))"
            if !closed.contains(id) { closed.append(id) }
        }
        for k in 0..<500 {
            let point = try MercatorPoint(
                x: points[0].x + (uniform() * 2 - 1) * 15_000, y: points[0].y + (uniform() * 2 - 1) * 15_000)
            reported.append(ClusterPin(id: "reported\(k)", point: point, category: k % 3 == 0 ? .found : .missing))
        }
        _ = try measureUpdate("cluster index update (1% of pins: 500 closed, 500 new)", upserts: reported, removals: closed)
        // Pets found, or missing again, with none moved: every hundredth pet's category
        // changed (no random draw: the worldwide pins below keep theirs).
        progress("clusters: updating 1% of the pins' categories, none moved, against rebuilding...")
        let found = stride(from: 0, to: count, by: 100).map { k in
            ClusterPin(id: pins[k].id, point: pins[k].point, category: pins[k].category == .missing ? .found : .missing)
        }
        _ = try measureUpdate("cluster index update (1% of pins: categories changed, none moved)", upserts: found, removals: [])
        /// Times updates to the whole list `list` and back to the original pins (each sample
        /// both, timed per update), against rebuilding from `list`; checks both.
        func measureWholeList(_ operation: String, _ list: [ClusterPin]) throws {
            progress("clusters: \(operation), against rebuilding...")
            // (The original pins given whole first: the list before the first sample's.)
            try live.update(to: pins)
            let times = measureGroup(
                samples: max(3, samples / 5),
                sides: [
                    {
                        do throws(GeometryError) {
                            try live.update(to: list)
                            try live.update(to: pins)
                        } catch { failure = error }
                        return 2
                    },
                    {
                        do throws(GeometryError) { rebuilt = try PinClusterIndex(pins: list) } catch { failure = error }
                        return 1
                    },
                ])
            if let failure { throw failure }
            try live.update(to: list)
            guard live == rebuilt else { throw ToolError("clusters: \(operation): the index differs from the index rebuilt from the list") }
            try live.update(to: pins)
            guard live == index else { throw ToolError("clusters: \(operation): the update and back do not give the index back") }
            results.append(Measurement(
                suite: "clusters", operation: operation, size: list.count,
                nsPerOp: times[0].median, spread: times[0].spread, baseline: "rebuilding the index from the updated pins",
                baselineNsPerOp: times[1].median, baselineSpread: times[1].spread, allocationsPerOp: nil))
        }
        // The first refresh (by id: moved, removed, new), not the closed-and-new one, given as
        // the whole list (the updated pins in a dictionary's order, then the original ones back:
        // each list in another order than the one before, so that its ids are sorted).
        try measureWholeList("cluster index update to the whole list (1% changed)", rebuildPins)
        // The same refresh in the order of the list before: the new pins first, the others
        // where they were (followed, not sorted).
        let removedIDs = Set(removals)
        let upserted = Dictionary(uniqueKeysWithValues: upserts.map { ($0.id, $0) })
        let inOrder = upserts.filter { original[$0.id] == nil }
            + pins.compactMap { pin in removedIDs.contains(pin.id) ? nil : upserted[pin.id] ?? pin }
        try measureWholeList("cluster index update to the whole list in the order fetched before (1% changed)", inOrder)
        results.append(try worldwide(samples: samples, uniform: uniform, progress: progress))
        progress("clusters: viewport query + placement for a phone, against placing 10000 pins...")
        let camera = Workloads.phoneCamera()
        var cameras: [MercatorCamera] = []
        for zoom in 11...16 {
            var zoomed = camera
            try zoomed.jump(zoom: Double(zoom) + 0.4)
            cameras.append(zoomed)
        }
        var output: [PlacedClusterItem] = []
        output.reserveCapacity(count)
        var step = 0
        func library(_ repetitions: Int) {
            for _ in 0..<repetitions {
                index.items(in: cameras[step % cameras.count], into: &output)
                step &+= 1
            }
            blackHole(output.count)
        }
        let placed = ProjectedPins(mercatorPoints: Array(points.prefix(10_000)))
        let buffer = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: placed.count)
        buffer.initialize(repeating: ScreenPoint(x: 0, y: 0))
        defer { buffer.deallocate() }
        func baseline(_ repetitions: Int) {
            for _ in 0..<repetitions { camera.place(placed, into: buffer) }
            blackHole(buffer[0])
        }
        let query = GesturesSuite.measure(samples: samples, library: library, baselines: [baseline])
        results.append(Measurement(
            suite: "clusters", operation: "cluster viewport query + placement (390 x 844, zooms 11-16)", size: count,
            nsPerOp: query.library.median, spread: query.library.spread, baseline: "placing 10000 pins (affine)",
            baselineNsPerOp: query.baselines[0].median, baselineSpread: query.baselines[0].spread, allocationsPerOp: query.allocationsPerOp))
        progress("clusters: the same query from MapKit's state, against the camera's query...")
        let states = cameras.map { ($0.mapKitVisibleMapRect, $0.widthPoints, $0.heightPoints, $0.mapKitHeading) }
        var refusal: GeometryError? = nil
        func mapKit(_ repetitions: Int) {
            for _ in 0..<repetitions {
                let (rect, width, height, heading) = states[step % states.count]
                do throws(GeometryError) {
                    try index.items(in: rect, widthPoints: width, heightPoints: height, heading: heading, into: &output)
                } catch {
                    refusal = error
                }
                step &+= 1
            }
            blackHole(output.count)
        }
        let fromMapKit = GesturesSuite.measure(samples: samples, library: mapKit, baselines: [library])
        if let refusal { throw refusal }
        results.append(Measurement(
            suite: "clusters", operation: "cluster viewport query from a MapKit state (390 x 844, zooms 11-16)", size: count,
            nsPerOp: fromMapKit.library.median, spread: fromMapKit.library.spread, baseline: "the camera's query",
            baselineNsPerOp: fromMapKit.baselines[0].median, baselineSpread: fromMapKit.baselines[0].spread, allocationsPerOp: fromMapKit.allocationsPerOp))
        return results
    }

    /// 1 000 000 pins uniform in longitude and latitude (within the Mercator world's +-85.05
    /// degrees) over the world: the build's time against projecting them through PROJ, and the
    /// index's heap per pin, kept and at the build's peak (one more build, measured with the
    /// malloc counter; nil where it is not linked).
    static func worldwide(samples: Int, uniform: () -> Double, progress: (String) -> Void) throws -> Measurement {
        let count = 1_000_000
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(count)
        for _ in 0..<count {
            coordinates.append(try Coordinate(latitude: (uniform() * 2 - 1) * WebMercator.maximumLatitude, longitude: uniform() * 360 - 180))
        }
        let points = WebMercator.project(coordinates)
        let pins = points.indices.map { ClusterPin(id: "pet\($0)", point: points[$0], category: $0 % 3 == 0 ? .found : .missing) }
        progress("clusters: building the index of 1000000 pins worldwide, against projecting them through PROJ...")
        var failure: GeometryError? = nil
        let build = measurePair(
            samples: 3, size: 1,
            operation: {
                do throws(GeometryError) { blackHole(try PinClusterIndex(pins: pins)) } catch { failure = error }
            },
            baseline: { blackHole(WebMercator.project(coordinates)) })
        if let failure { throw failure }
        var memory: (retainedBytes: Double, peakBytes: Double)? = nil
        if malloc_counter_is_available() == 1 {
            let before = malloc_counter_thread_live_bytes()
            malloc_counter_thread_reset_peak()
            let index = try PinClusterIndex(pins: pins)
            let kept = malloc_counter_thread_live_bytes() - before
            let peak = malloc_counter_thread_peak_live_bytes() - before
            blackHole(index)
            memory = (Double(kept) / Double(count), Double(peak) / Double(count))
        }
        return Measurement(
            suite: "clusters", operation: "cluster index build, 1000000 pins worldwide", size: count, nsPerOp: build.operation.median,
            spread: build.operation.spread, baseline: "PROJ projection of the same pins (one batch)",
            baselineNsPerOp: build.baseline.median, baselineSpread: build.baseline.spread, allocationsPerOp: nil, memoryPerItem: memory)
    }
}
