import FuzzSupport
import GeoMath
import Projection

#if canImport(Glibc)
import Glibc
#endif

/// FuzzClusters' operations 8 to 11: what a renderer asks of an index besides a view.
///
/// - 8: a MapKit map rectangle of any values (`items(atLevel:in:)`): `invalidRendererParameter`
///   exactly for a part that is not finite or a negative size, otherwise exactly the level's
///   items whose points lie in it (recounted from `items(atLevel:)`, leaving out those within
///   rounding of an edge), every easting for one a world wide or wider;
/// - 9: a coordinate box of any values (`items(atLevel:in:)` with `CoordinateBounds`):
///   likewise, the corners projected as documented;
/// - 10: a camera of any screen, zoom, bearing and insets (`items(in:into:)`), its MapKit state
///   (`items(in:widthPoints:heightPoints:heading:into:)`): finite points, typed errors with the
///   output unchanged (never for the camera's own MapKit state); without insets, the camera's
///   items are the view's given as such;
/// - 11: a spread around any point (`spread(of:around:)`) and taps on it (`hit(_:in:targetPoints:)`),
///   a page of an item's pins, the item holding an item, its smallest id.
func fuzzClusterViews(_ operation: UInt8, _ input: inout Input, _ index: PinClusterIndex, maximumZoom: Int, shown: inout [PlacedClusterItem]) {
    switch operation % 12 {
    case 8: fuzzMapRect(&input, index, maximumZoom: maximumZoom)
    case 9: fuzzCoordinateBox(&input, index, maximumZoom: maximumZoom)
    case 10: fuzzCameraViews(&input, index, shown: &shown)
    default: fuzzSpreadsAndPages(&input, index, maximumZoom: maximumZoom, shown: shown)
    }
}

private let world = WebMercator.worldWidthMeters

/// An easting on the world, [-W/2, W/2).
private func wrapped(_ x: Double) -> Double {
    var x = x
    if !(x >= -world / 2 && x < world / 2) { x = x.remainder(dividingBy: world) }
    return x >= world / 2 ? x - world : x
}

/// Whether easting x lies in west ... east (on the world, across the antimeridian when west >
/// east), with a margin: 1 inside, -1 outside, 0 within `margin` metres of an edge.
private func side(_ x: Double, west: Double, east: Double, margin: Double) -> Int {
    func distanceInto(_ from: Double, _ to: Double) -> Double { min(x - from, to - x) }
    let w = wrapped(west), e = wrapped(east)
    let d: Double
    if w <= e {
        d = distanceInto(w, e)
    } else {
        d = max(distanceInto(w, world / 2), distanceInto(-world / 2, e))
    }
    // (The world's edge, -W/2 and W/2, are one easting.)
    let nearSeam = abs(abs(x) - world / 2) <= margin && (abs(abs(w) - world / 2) <= margin || abs(abs(e) - world / 2) <= margin)
    if abs(d) <= margin || nearSeam { return 0 }
    return d > 0 ? 1 : -1
}

/// Compares a rectangle query's items with the level's items recounted: every item surely
/// inside is found, none surely outside is, each once.
private func checkRectangle(
    _ found: [PinClusterItem], _ index: PinClusterIndex, level: Int, maximumZoom: Int, everyEasting: Bool,
    west: Double, south: Double, east: Double, north: Double, margin: Double, what: String
) {
    let z = min(max(level, 0), maximumZoom + 1)
    let all = index.items(atLevel: z)
    struct Key: Hashable { let zoom: Int, index: Int }
    let foundKeys = Set(found.map { Key(zoom: $0.zoom, index: $0.index) })
    precondition(foundKeys.count == found.count, "\(what): an item twice")
    let allKeys = Set(all.map { Key(zoom: $0.zoom, index: $0.index) })
    precondition(foundKeys.isSubset(of: allKeys), "\(what): an item not of level \(z)")
    for item in all {
        let p = item.point
        let ySide = p.y < south - margin || p.y > north + margin ? -1 : (p.y > south + margin && p.y < north - margin ? 1 : 0)
        let xSide = everyEasting ? 1 : side(p.x, west: west, east: east, margin: margin)
        let inside = foundKeys.contains(Key(zoom: item.zoom, index: item.index))
        if xSide == 1 && ySide == 1 { precondition(inside, "\(what): the item at \(p) is inside and not found") }
        if xSide == -1 || ySide == -1 { precondition(!inside, "\(what): the item at \(p) is outside and found") }
    }
}

/// A number of map points: tame ones around the world's 2^28, or any double.
private func mapPoints(_ input: inout Input) -> Double {
    let flag = input.byte() ?? 0
    if flag & 3 == 3 { return input.double() }
    return input.number() / 100 * MapKitMapPoint.worldSize * (flag & 4 == 0 ? 1 : 1e-4)
}

func fuzzMapRect(_ input: inout Input, _ index: PinClusterIndex, maximumZoom: Int) {
    let level = Int(input.byte() ?? 0) % (maximumZoom + 5) - 2
    let rect = MapKitMapRect(x: mapPoints(&input), y: mapPoints(&input), width: mapPoints(&input), height: mapPoints(&input))
    let valid = rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.width >= 0 && rect.height.isFinite && rect.height >= 0
    let found: [PinClusterItem]
    do throws(GeometryError) {
        found = try index.items(atLevel: level, in: rect)
    } catch {
        guard case .invalidRendererParameter = error else { preconditionFailure("a map rectangle query threw \(error)") }
        precondition(!valid, "map rectangle \(rect) refused: \(error)")
        return
    }
    precondition(valid, "map rectangle \(rect) queried")
    let size = MapKitMapPoint.worldSize
    // The rectangle in metres, as documented; its edges rounded by up to a few ulps of the
    // larger of its values in map points.
    let west = (rect.origin.x / size - 0.5) * world, east = ((rect.origin.x + rect.width) / size - 0.5) * world
    let south = (0.5 - (rect.origin.y + rect.height) / size) * world, north = (0.5 - rect.origin.y / size) * world
    let scale = max(abs(rect.origin.x), abs(rect.origin.y), rect.width, rect.height, size) / size * world
    let margin = 1e-12 * scale + 1e-6
    // (Far from the world, an easting range narrower than the rounding holds anything.)
    guard abs(west) < 1e15 || rect.width >= size else { return }
    checkRectangle(found, index, level: level, maximumZoom: maximumZoom, everyEasting: rect.width >= size,
                   west: west, south: south, east: east, north: north, margin: margin, what: "map rectangle \(rect)")
}

func fuzzCoordinateBox(_ input: inout Input, _ index: PinClusterIndex, maximumZoom: Int) {
    let level = Int(input.byte() ?? 0) % (maximumZoom + 5) - 2
    guard let bounds = try? CoordinateBounds(south: input.number() / 3.6, north: input.number() / 3.6, west: input.number() / 1.8, east: input.number() / 1.8)
    else { return }
    let found = index.items(atLevel: level, in: bounds)
    let limit = WebMercator.maximumLatitude
    func projected(_ latitude: Double, _ longitude: Double) -> MercatorPoint {
        guard let c = try? Coordinate(latitude: min(max(latitude, -limit), limit), longitude: longitude) else { preconditionFailure("corner") }
        return MercatorPoint(c)
    }
    let southWest = projected(bounds.south, bounds.west), northEast = projected(bounds.north, bounds.east)
    let half = world / 2
    checkRectangle(found, index, level: level, maximumZoom: maximumZoom, everyEasting: bounds.spansAllLongitudes,
                   west: southWest.x, south: min(max(southWest.y, -half), half), east: northEast.x, north: min(max(northEast.y, -half), half),
                   margin: 1e-6, what: "box \(bounds)")
}

func fuzzCameraViews(_ input: inout Input, _ index: PinClusterIndex, shown: inout [PlacedClusterItem]) {
    guard let center = try? MercatorPoint(x: input.number() * 1e5, y: input.number() * 1e5),
          var camera = try? MercatorCamera(center: center, zoom: input.number(), widthPoints: input.number() * 10, heightPoints: input.number() * 10)
    else { return }
    let bearing = input.number()
    try? camera.jump(center: nil as MercatorPoint?, bearing: bearing)
    let withInsets = (input.byte() ?? 0) & 1 == 1
    if withInsets, let insets = try? ScreenInsets(top: input.number(), left: input.number(), bottom: input.number(), right: input.number()) {
        try? camera.setInsets(insets)
    }
    index.items(in: camera, into: &shown)
    for placed in shown { precondition(placed.point.x.isFinite && placed.point.y.isFinite, "a camera's item at \(placed.point)") }
    let radius = index.screenRadiusPoints(for: camera)
    precondition(radius >= index.radiusPoints && radius <= 2 * index.radiusPoints, "screen radius \(radius)")
    // Without insets the focal point is the screen's middle: the view given as such shows the same.
    if camera.effectiveInsets == .zero {
        var view: [PlacedClusterItem] = []
        do throws(GeometryError) {
            try index.items(center: camera.centerMercator, zoom: camera.zoom, bearing: camera.bearing, widthPoints: camera.widthPoints,
                            heightPoints: camera.heightPoints, into: &view)
        } catch {
            preconditionFailure("a camera's view refused: \(error)")
        }
        precondition(view.count == shown.count, "a camera shows \(shown.count) items, its view \(view.count)")
        for (a, b) in zip(view, shown) {
            precondition(a.item == b.item && abs(a.point.x - b.point.x) <= 1e-6 && abs(a.point.y - b.point.y) <= 1e-6,
                         "a camera's item \(b) is its view's \(a)")
        }
    }
    // Its MapKit state, and any.
    let own = (input.byte() ?? 0) & 1 == 0
    let rect = own ? camera.mapKitVisibleMapRect
        : MapKitMapRect(x: mapPoints(&input), y: mapPoints(&input), width: mapPoints(&input), height: mapPoints(&input))
    let before = shown
    do throws(GeometryError) {
        try index.items(in: rect, widthPoints: camera.widthPoints, heightPoints: camera.heightPoints, heading: camera.mapKitHeading, into: &shown)
        for placed in shown { precondition(placed.point.x.isFinite && placed.point.y.isFinite, "a MapKit state's item at \(placed.point)") }
    } catch {
        // (A camera's own state is one a map view has: its zoom in range, its center on the world.)
        precondition(!own, "a camera's own MapKit state \(rect) of \(camera.widthPoints) x \(camera.heightPoints) points, heading \(camera.mapKitHeading), refused: \(error)")
        precondition(shown == before, "a MapKit state that threw changed the output")
    }
}

func fuzzSpreadsAndPages(_ input: inout Input, _ index: PinClusterIndex, maximumZoom: Int, shown: [PlacedClusterItem]) {
    let level = Int(input.byte() ?? 0) % (maximumZoom + 2)
    let items = index.items(atLevel: level)
    guard !items.isEmpty else { return }
    let item = items[Int(input.byte() ?? 0) % items.count]
    guard let ids = try? index.pinIDs(of: item) else { preconditionFailure("a fresh item is stale") }
    // A spread around any point.
    let flag = input.byte() ?? 0
    let around = flag & 1 == 0 ? ScreenPoint(x: input.number() * 10, y: input.number() * 10) : ScreenPoint(x: input.double(), y: input.double())
    do throws(GeometryError) {
        if let spread = try index.spread(of: item, around: around) {
            precondition(around.x.isFinite && around.y.isFinite, "a spread around \(around)")
            precondition(item.expansionZoom == nil && spread.count == item.count && Set(spread.map(\.id)) == Set(ids),
                         "a spread of \(spread.count) for \(item.count) pins")
            let reach = PinClusterIndex.spreadReachPoints(count: spread.count)
            checkFinite(reach)
            for pin in spread {
                checkFinite(pin.point.x, pin.point.y)
                let d = hypot(pin.point.x - around.x, pin.point.y - around.y)
                precondition(d <= reach + 1e-9 * max(1, abs(around.x), abs(around.y)), "a spread pin \(d) points out, reach \(reach)")
            }
            // Every pair at least a touch target apart (where the point's magnitude keeps the points apart).
            if max(abs(around.x), abs(around.y)) < 1e6, spread.count <= 64 {
                for i in spread.indices {
                    for j in spread.indices where j > i {
                        let d = hypot(spread[i].point.x - spread[j].point.x, spread[i].point.y - spread[j].point.y)
                        precondition(d >= PinClusterIndex.touchTargetPoints - 1e-6, "two spread pins \(d) points apart")
                    }
                }
            }
            // A tap: the last pin within half the target, or none.
            let tap = ScreenPoint(x: around.x + input.number(), y: around.y + input.number())
            let target = (input.byte() ?? 0) & 1 == 0 ? PinClusterIndex.touchTargetPoints : input.double()
            let hit = PinClusterIndex.hit(tap, in: spread, targetPoints: target)
            let within = spread.indices.filter { hypot(spread[$0].point.x - tap.x, spread[$0].point.y - tap.y) <= target / 2 }
            if tap.x.isFinite && tap.y.isFinite && target >= 0 {
                precondition(hit == within.last, "hit \(String(describing: hit)), pins within reach \(within)")
            } else {
                precondition(hit == nil, "a tap at \(tap) with a target \(target) hit \(String(describing: hit))")
            }
        } else {
            precondition(around.x.isFinite && around.y.isFinite, "a spread around \(around)")
            precondition(item.count < 2 || item.expansionZoom != nil, "no spread for a group of \(item.count) that never splits")
        }
    } catch {
        guard case .invalidClusterParameter = error else { preconditionFailure("a spread threw \(error)") }
        precondition(!(around.x.isFinite && around.y.isFinite), "a spread around \(around) refused")
    }
    // A page of its pins.
    let offset = Int(Int8(bitPattern: input.byte() ?? 0)), limit = Int(Int8(bitPattern: input.byte() ?? 0))
    do throws(GeometryError) {
        let page = try index.pins(of: item, offset: offset, limit: limit)
        precondition(offset >= 0 && limit >= 0, "a page at \(offset), \(limit)")
        let expected = ids.dropFirst(offset).prefix(limit)
        precondition(page.map(\.id) == Array(expected), "a page at \(offset), \(limit): \(page.map(\.id)) not \(Array(expected))")
    } catch {
        guard case .invalidClusterParameter = error else { preconditionFailure("a page threw \(error)") }
        precondition(offset < 0 || limit < 0, "a page at \(offset), \(limit) refused")
    }
    // The item holding it on a level at or below its own; its smallest id.
    let lower = Int(input.byte() ?? 0) % (item.zoom + 3) - 1
    do throws(GeometryError) {
        let holder = try index.item(holding: item, atLevel: lower)
        precondition(lower <= item.zoom, "an item of level \(item.zoom) held on level \(lower)")
        precondition(holder.zoom == max(lower, 0), "the holder on level \(lower) is of level \(holder.zoom)")
        guard let holderIDs = try? index.pinIDs(of: holder) else { preconditionFailure("a holder is stale") }
        precondition(Set(ids).isSubset(of: Set(holderIDs)), "the holder on level \(lower) lacks pins of the item")
    } catch {
        guard case .invalidClusterParameter = error else { preconditionFailure("a holder threw \(error)") }
        precondition(lower > item.zoom, "an item of level \(item.zoom) held on level \(lower) refused")
    }
    guard let smallest = try? index.smallestPinID(of: item) else { preconditionFailure("a fresh item's smallest id") }
    precondition(ids.contains(smallest) && ids.allSatisfy { $0 == smallest || PinClusterIndex.idPrecedes(smallest, $0) },
                 "smallest id \(smallest) of \(ids)")
    // A tap on the shown items: the last within half the target.
    if !shown.isEmpty {
        let tap = shown[Int(input.byte() ?? 0) % shown.count].point
        let hit = PinClusterIndex.hit(tap, in: shown)
        precondition(hit != nil && hypot(shown[hit!].point.x - tap.x, shown[hit!].point.y - tap.y) <= 22, "a tap on an item hit nothing")
    }
}
