import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An item of a viewport query: a cluster or a single pin at its place on screen, on one copy
/// of the world.
public struct PlacedClusterItem: Hashable, Sendable {
    /// The item (level, index, centroid, counts, expansion zoom).
    public let item: PinClusterItem
    /// Its bucket of screen y in the query's draw-order sort (in the item's padding: no larger).
    let drawBucket: UInt8
    /// Where it is drawn, in screen points.
    public let point: ScreenPoint
    /// The copy of the world it is drawn on: 0 for the copy whose easting is the item's own,
    /// -1 for the one to the west, 1 to the east, and so on (a screen wider than the world
    /// shows more). Numbered from the world, not from the camera: a pan east across +-180
    /// degrees (the camera's center wrapped onto the world) makes it one less for every item.
    public let worldCopy: Int
    /// The key of the smallest id among its pins in the ids' order (the draw order's last key).
    let smallestID: UInt64

    init(item: PinClusterItem, point: ScreenPoint, worldCopy: Int, smallestID: UInt64, buckets: DrawBuckets) {
        self.item = item
        self.point = point
        self.worldCopy = worldCopy
        self.drawBucket = buckets.bucket(point.y)
        self.smallestID = smallestID
    }

    // (By its item, point and copy: not by its bucket, which depends on the camera's screen,
    // nor by its smallest id's key, which an update that keys the ids anew changes for every
    // item: the same item, left as it was, then compared unequal across it.)
    public static func == (a: PlacedClusterItem, b: PlacedClusterItem) -> Bool {
        a.item == b.item && a.point == b.point && a.worldCopy == b.worldCopy
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(point)
        hasher.combine(worldCopy)
    }

    /// Draw order: by screen y ascending, then x, then the smallest member id (CONTRACTS).
    @inline(__always)
    static func drawnBefore(_ a: PlacedClusterItem, _ b: PlacedClusterItem) -> Bool {
        if a.point.y != b.point.y { return a.point.y < b.point.y }
        if a.point.x != b.point.x { return a.point.x < b.point.x }
        return a.smallestID < b.smallestID
    }
}

/// The buckets of screen y that a viewport query's draw-order sort distributes its items into:
/// 127 over a range of y, the bucket never decreasing as y grows (y below the range in the
/// first, above it in the last).
struct DrawBuckets {
    static let count = 127
    let low: Double
    let scale: Double

    init(low: Double, high: Double) {
        self.low = low
        let scale = Double(Self.count) / (high - low)
        self.scale = scale.isFinite && scale > 0 ? scale : 0
    }

    @inline(__always)
    func bucket(_ y: Double) -> UInt8 {
        // (Written so that no y traps: NaN, and infinity times a scale of 0, land in the first.)
        let t = (y - low) * scale
        return t > 0 ? UInt8(min(t, Double(Self.count - 1))) : 0
    }
}

/// One pin of a spread layout: a group that never splits laid out around its point.
public struct SpreadPin: Hashable, Sendable {
    /// The pin's id.
    public let id: String
    /// Where it is drawn, in screen points.
    public let point: ScreenPoint
    /// Its category (for the legend's colour and symbol).
    public let category: PinCategory

    /// A spread pin from its values, taken as given: for tests and mocks of a renderer (as
    /// `Pin`'s); the index makes its own with ``PinClusterIndex/spread(of:)``.
    ///
    /// - Parameters:
    ///   - id: The pin's id.
    ///   - point: Where it is drawn, in screen points.
    ///   - category: Its category.
    public init(id: String, point: ScreenPoint, category: PinCategory) {
        self.id = id
        self.point = point
        self.category = category
    }
}

extension PinClusterIndex {
    /// Apple's minimum touch target, in points: the spacing of spread pins and the diameter of
    /// a tap's target.
    public static let touchTargetPoints = 44.0

    /// The cluster radius on screen for a camera, in points: the radius at the camera's level,
    /// scaled by the camera's zoom above it, at most twice the radius. (Above the index's
    /// maximum zoom the level stays at the maximum while the camera zooms on: unbounded, the
    /// radius at zoom 22 of an index whose maximum is 10 would be 81 920 points.)
    ///
    /// - Parameter camera: The camera.
    /// - Returns: Points, in [``radiusPoints``, 2 ``radiusPoints``].
    public func screenRadiusPoints(for camera: MercatorCamera) -> Double {
        screenRadiusPoints(atZoom: camera.zoom)
    }

    /// ``screenRadiusPoints(for:)`` for a view given by its zoom.
    ///
    /// - Parameter zoom: The view's zoom (NaN, which ``level(forZoom:)`` takes as level 0,
    ///   gives ``radiusPoints``).
    /// - Returns: Points, in [``radiusPoints``, 2 ``radiusPoints``].
    public func screenRadiusPoints(atZoom zoom: Double) -> Double {
        // (NaN, which shows level 0, gives the radius: no comparison holds for it.)
        let excess = zoom - Double(level(forZoom: zoom))
        return radiusPoints * exp2(excess > 0 ? min(excess, 1) : 0)
    }

    /// How far a spread layout of `count` pins reaches from its group's point, in points: the
    /// radius of a circle around the point that holds every pin of ``spread(of:)``. Up to 8
    /// pins, on their circle, it is their distance exactly (22 points for 2, 57.5 for 8); on a
    /// spiral, a closed-form bound at most 0.14 point beyond the outermost pin (checked
    /// against the layout's own steps for every count up to 200 000), about 27 sqrt(count)
    /// points (92 for 9 pins, 155 for 30, 858 for 1 000). 0 for fewer than two pins.
    ///
    /// - Parameter count: The group's pins.
    /// - Returns: Points.
    public static func spreadReachPoints(count: Int) -> Double {
        guard count >= 2 else { return 0 }
        return count <= 8 ? SpreadShape.circleRadius(count) : SpreadShape.spiralReach(count)
    }

    /// The items a camera shows, in draw order, written into `output` (emptied first; once its
    /// capacity suffices, a query allocates nothing).
    ///
    /// The level is ``level(forZoom:)``. Every item whose point lies in the viewport or within
    /// one screen radius (``screenRadiusPoints(for:)``) outside it is returned, and every group
    /// that never splits (drawn as its ``spread(of:)``) whose point lies within that margin
    /// plus its spread's reach (``spreadReachPoints(count:)``), so that the pins of a spread
    /// near the edge are drawn; each once per copy of the world on which it is there (a
    /// viewport wider than the world shows the same items on several copies). The camera is
    /// a constrained camera already (its constraints applied by every gesture). Screen points
    /// are the camera's map at its bearing:
    /// focal + R(b) ((X - Xc) s, -(Y - Yc) s), with X the item's easting on that copy.
    ///
    /// - Parameters:
    ///   - camera: The camera.
    ///   - output: Receives the items.
    public func items(in camera: MercatorCamera, into output: inout [PlacedClusterItem]) {
        let center = camera.centerMercator
        place(
            View(zoom: camera.zoom, width: camera.widthPoints, height: camera.heightPoints, scale: camera.pointsPerMercatorMeter,
                 sin: camera.sinBearing, cos: camera.cosBearing, focalX: camera.focalX, focalY: camera.focalY, centerX: center.x, centerY: center.y),
            into: &output)
    }

    /// The zoom range of a view given as such (``items(center:zoom:bearing:widthPoints:heightPoints:into:)``):
    /// 0 (the world 256 points wide) to 30, beyond the camera's 22 (a web renderer's 512-point
    /// zoom 23.5 is 24.5 here).
    public static let viewZoomRange: ClosedRange<Double> = 0...30

    /// How far outside ``viewZoomRange`` a MapKit state's zoom may fall and be taken as the
    /// range's end: its rounding (a camera's own rectangle at zoom 0 gives -3.6e-15).
    static let mapRectZoomRounding = 1e-9

    /// The items a view shows, as ``items(in:into:)`` gives them for a camera, for a view
    /// given as such: a renderer with a camera of its own (a web canvas: its center, zoom and
    /// bearing), which no ``MercatorCamera`` constraint moves or clamps. The focal point is the
    /// screen's center (no insets). Allocation-free once `output`'s capacity suffices.
    ///
    /// - Parameters:
    ///   - center: The point at the screen's center.
    ///   - zoom: The zoom (the world 256 2^zoom points wide), in ``viewZoomRange``.
    ///   - bearing: The compass direction at the top of the screen, in degrees (finite).
    ///   - widthPoints: The screen's width, in `ScreenTransform.sizeRangePoints`.
    ///   - heightPoints: The screen's height, in the same range.
    ///   - output: Receives the items (emptied first), in draw order.
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)`,
    ///   `GeometryError/invalidBearing(name:value:)` or `GeometryError/invalidSize(name:value:range:)`,
    ///   with `output` left as it was.
    public func items(
        center: MercatorPoint, zoom: Double, bearing: Double = 0, widthPoints: Double, heightPoints: Double, into output: inout [PlacedClusterItem]
    ) throws(GeometryError) {
        let range = Self.viewZoomRange
        guard range.contains(zoom) else { throw .invalidZoom(name: "zoom", value: zoom, minimum: range.lowerBound, maximum: range.upperBound) }
        guard bearing.isFinite else { throw .invalidBearing(name: "bearing", value: bearing) }
        try ScreenTransform.validateSize(width: widthPoints, height: heightPoints)
        let (sinB, cosB) = MapBearing.sinCos(degrees: bearing)
        let (x, y) = Self.kept(center)
        place(
            View(zoom: zoom, width: widthPoints, height: heightPoints, scale: MercatorCamera.pointsPerMercatorMeter(zoom: zoom),
                 sin: sinB, cos: cosB, focalX: widthPoints / 2, focalY: heightPoints / 2, centerX: x, centerY: y),
            into: &output)
    }

    /// The items a MapKit map view shows, from its state (`MKMapView`'s `visibleMapRect`, its
    /// size and its camera's heading; no pitch): the view centered on the rectangle's center
    /// at the zoom whose rotated screen the rectangle bounds, 2^(20 - zoom) map points a point
    /// across w |cos h| + h |sin h| points (what `MercatorCamera/mapKitVisibleMapRect` gives
    /// for a camera), then ``items(center:zoom:bearing:widthPoints:heightPoints:into:)``.
    ///
    /// - Parameters:
    ///   - mapRect: The visible map rectangle, in map points.
    ///   - widthPoints: The map view's width.
    ///   - heightPoints: The map view's height.
    ///   - heading: The camera's heading in degrees (the bearing).
    ///   - output: Receives the items (emptied first), in draw order.
    /// - Throws: The first of these, in this order:
    ///   `GeometryError/invalidRendererParameter(name:value:expected:)` for a rectangle part
    ///   that is not finite or a width or height that is not positive;
    ///   `GeometryError/invalidBearing(name:value:)` for a heading that is not finite;
    ///   `GeometryError/invalidSize(name:value:range:)` for a view's width or height outside
    ///   `ScreenTransform.sizeRangePoints`;
    ///   `GeometryError/invalidRendererParameter(name:value:expected:)` for a center beyond
    ///   the world north or south; `GeometryError/invalidZoom(name:value:minimum:maximum:)`
    ///   naming the map rect's width for a width giving a zoom outside ``viewZoomRange`` (a
    ///   thousandth of a map point on a 390-point view, or the world on a 100-point view) by
    ///   more than rounding, 1e-9 (within it, the range's end, as for a camera's own rectangle
    ///   at zoom 0).
    public func items(
        in mapRect: MapKitMapRect, widthPoints: Double, heightPoints: Double, heading: Double = 0, into output: inout [PlacedClusterItem]
    ) throws(GeometryError) {
        try mapRect.check(allowingEmpty: false)
        guard heading.isFinite else { throw .invalidBearing(name: "heading", value: heading) }
        try ScreenTransform.validateSize(width: widthPoints, height: heightPoints)
        let (sinH, cosH) = MapBearing.sinCos(degrees: heading)
        let center = try mapRect.centerMercator()
        var zoom = 20 - log2(mapRect.width / (widthPoints * abs(cosH) + heightPoints * abs(sinH)))
        // (The caller gave a rectangle, not a zoom: the error names what the zoom came from.)
        let range = Self.viewZoomRange
        // A camera's own rectangle gives its zoom to rounding: at zoom 0 (a small view showing
        // the whole world) a few last bits below, -3.6e-15 for a 32 x 129.4-point view at
        // bearing -7.53, which was refused. Within 1e-9 of the range, the zoom is its end.
        if zoom < range.lowerBound && zoom >= range.lowerBound - Self.mapRectZoomRounding { zoom = range.lowerBound }
        if zoom > range.upperBound && zoom <= range.upperBound + Self.mapRectZoomRounding { zoom = range.upperBound }
        guard range.contains(zoom) else {
            throw .invalidZoom(
                name: "zoom from the map rect's width (20 - log2(map rect width / (widthPoints |cos heading| + heightPoints |sin heading|)))",
                value: zoom, minimum: range.lowerBound, maximum: range.upperBound)
        }
        try items(
            center: center, zoom: zoom, bearing: heading, widthPoints: widthPoints, heightPoints: heightPoints,
            into: &output)
    }

    /// A view as the viewport query reads it: its zoom, size, points per Mercator metre, the
    /// bearing's sine and cosine, the focal point and the center in Mercator metres.
    struct View {
        var zoom: Double, width: Double, height: Double, scale: Double, sin: Double, cos: Double
        var focalX: Double, focalY: Double, centerX: Double, centerY: Double
    }

    /// The viewport query of ``items(in:into:)`` for a view.
    private func place(_ view: View, into output: inout [PlacedClusterItem]) {
        output.removeAll(keepingCapacity: true)
        let z = level(forZoom: view.zoom)
        guard count > 0 else { return }
        let margin = screenRadiusPoints(atZoom: view.zoom)
        // (Groups that never split are looked for as far as the level's largest one's spread
        // reaches: those on a circle here, those on a spiral apart, below.)
        let largest = z < largestSpreadReach.count ? largestSpreadReach[z] : 0
        let circles = min(largest, Self.spreadReachPoints(count: Int(Self.circleGroupLimit)))
        let outer = margin + circles
        let w = view.width, h = view.height
        let s = view.scale
        let sinB = view.sin, cosB = view.cos
        let fx = view.focalX, fy = view.focalY
        let cx = view.centerX, cy = view.centerY
        // The screen rectangle grown by `grown` points, in unwrapped Mercator metres.
        @inline(__always) func box(_ grown: Double) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
            var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
            for k in 0..<4 {
                let sx = (k & 1 == 0 ? -grown : w + grown) - fx, sy = (k < 2 ? -grown : h + grown) - fy
                let (east, south) = MapBearing.unrotated(sx, sy, sin: sinB, cos: cosB)
                let x = cx + east / s, y = cy - south / s
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
            return (minX, maxX, minY, maxY)
        }
        let (minX, maxX, minY, maxY) = box(outer)
        let world = WebMercator.worldWidthMeters, half = world / 2
        @inline(__always) func copies(_ minX: Double, _ maxX: Double) -> ClosedRange<Int> {
            let first = Int(((minX + half) / world).rounded(.down)), last = Int(((maxX + half) / world).rounded(.down))
            return first...max(first, last)
        }
        let shownCopies = copies(minX, maxX)
        let group = groups[Int(groupOfLevel[z])]
        let buckets = DrawBuckets(low: -outer, high: h + outer)
        // (The grid box of the rectangle, a unit wider each way for the grid's rounding.)
        let y0 = max(Int64(Self.gridCoordinate(minY)) - 1, 0), y1 = min(Int64(Self.gridCoordinate(maxY)) + 1, 4_294_967_295)
        // The item at node i on a copy of the world (its easting moved by `offset`), when it
        // is within the margin or a group whose spread reaches the screen.
        @inline(__always) func place(_ i: Int, copy: Int, offset: Double, x: Double, y: Double) {
            // The rotated affine map: (u, v) = ((X - Xc) s, -(Y - Yc) s), p = f + R(b)(u, v).
            let u = ((x - cx) + offset) * s, v = -(y - cy) * s
            let px = fx + cosB * u + sinB * v, py = fy - sinB * u + cosB * v
            if !(px >= -margin && px <= w + margin && py >= -margin && py <= h + margin) {
                // (A group that never splits, as far as its spread reaches.)
                guard nodes.count[i] > 1, nodes.expansion(i, maximumZoom: maximumZoom) < 0 else { return }
                let reach = margin + Self.spreadReachPoints(count: Int(nodes.count[i]))
                guard px >= -reach, px <= w + reach, py >= -reach, py <= h + reach else { return }
            }
            output.append(PlacedClusterItem(
                item: item(level: z, node: i), point: ScreenPoint(x: px, y: py), worldCopy: copy,
                smallestID: nodes.idKey[Int(nodes.smallestPin[i])], buckets: buckets))
        }
        for copy in shownCopies {
            let offset = Double(copy) * world
            let from = minX - offset, to = maxX - offset
            let x0 = max(Int64(Self.gridCoordinate(from)) - 1, 0), x1 = min(Int64(Self.gridCoordinate(to)) + 1, 4_294_967_295)
            group.forEachNode(x0: x0, x1: x1, y0: y0, y1: y1) { i in
                guard nodes.isAlive(i, at: z) else { return }
                let x = nodes.x[i], y = nodes.y[i]
                guard x >= from, x <= to, y >= minY, y <= maxY else { return }
                place(i, copy: copy, offset: offset, x: x, y: y)
            }
        }
        // The groups on a spiral that the rectangle above left out, as far as the largest one
        // on this level reaches (those it held were placed: the same test of their points).
        if largest > circles {
            let wide = box(margin + largest)
            for copy in copies(wide.minX, wide.maxX) {
                let offset = Double(copy) * world
                let from = wide.minX - offset, to = wide.maxX - offset
                let shown = shownCopies.contains(copy)
                // (The first group at or east of `from`, by a binary search of the eastings.)
                var low = 0, high = spiralGroups.count
                while low < high {
                    let middle = (low + high) / 2
                    if nodes.x[Int(spiralGroups[middle])] < from { low = middle + 1 } else { high = middle }
                }
                for k in low..<spiralGroups.count {
                    let i = Int(spiralGroups[k])
                    let x = nodes.x[i], y = nodes.y[i]
                    guard x <= to else { break }
                    guard y >= wide.minY, y <= wide.maxY, nodes.isAlive(i, at: z) else { continue }
                    if shown && x >= minX - offset && x <= maxX - offset && y >= minY && y <= maxY { continue }
                    place(i, copy: copy, offset: offset, x: x, y: y)
                }
            }
        }
        // Draw order, sorted in place with no allocation.
        output.withUnsafeMutableBufferPointer { buffer in Self.sortInDrawOrder(buffer) }
    }

    /// The items of a level whose points lie in a rectangle of Web Mercator metres, in rank
    /// order: for a renderer with a camera of its own (a web canvas, a tile server) rather
    /// than a ``MercatorCamera``. The edges are metres, not degrees: supercluster's
    /// `getClusters(bbox, zoom)` takes degrees, which is ``items(atLevel:in:)-(_,CoordinateBounds)``
    /// (degrees given here are a box of a few metres at (0, 0), which holds nothing).
    ///
    /// Eastings are taken around the world, both edges wrapped onto it: from the west edge
    /// eastward to the east edge, across the antimeridian where the wrapped west edge lies
    /// east of the wrapped east edge; a rectangle whose east edge is a world or more east of
    /// its west edge holds every easting. Each item is listed once, at its point on the world
    /// (drawing it on other world copies is the renderer's). Edges are inclusive.
    ///
    /// - Parameters:
    ///   - zoom: The level, clamped into 0 ... ``maximumZoom`` + 1 (a camera's is
    ///     ``level(forZoom:)``).
    ///   - west: The west edge's easting, in metres.
    ///   - south: The south edge's northing, in metres.
    ///   - east: The east edge's easting, in metres.
    ///   - north: The north edge's northing, in metres (not below `south`).
    /// - Returns: The items.
    /// - Throws: `GeometryError/invalidClusterParameter(name:value:expected:)` for an edge that
    ///   is not finite, or a north edge below the south edge.
    public func items(atLevel zoom: Int, west: Double, south: Double, east: Double, north: Double) throws(GeometryError) -> [PinClusterItem] {
        for (name, value) in [("west edge", west), ("south edge", south), ("east edge", east), ("north edge", north)] where !value.isFinite {
            throw .invalidClusterParameter(name: name, value: value, expected: "a finite number of Web Mercator metres")
        }
        guard north >= south else {
            throw .invalidClusterParameter(name: "north edge", value: north, expected: "a northing not below the south edge's, \(south)")
        }
        return items(atLevel: zoom, west: west, south: south, east: east, north: north, everyEasting: east - west >= WebMercator.worldWidthMeters)
    }

    /// The items of a level whose points lie in a latitude/longitude box, in rank order:
    /// supercluster's `getClusters([west, south, east, north], zoom)`, whose box is in
    /// degrees. ``items(atLevel:west:south:east:north:)`` for the box's corners projected to
    /// Web Mercator (latitudes beyond +-85.0511287798066 at the world's edge); a box across
    /// the antimeridian (west > east) holds the eastings on both sides of it, and one of every
    /// longitude (west -180, east 180) every easting. Edges are inclusive.
    ///
    /// - Parameters:
    ///   - zoom: The level, clamped into 0 ... ``maximumZoom`` + 1 (a camera's is
    ///     ``level(forZoom:)``).
    ///   - bounds: The box, in degrees (valid by construction).
    /// - Returns: The items.
    public func items(atLevel zoom: Int, in bounds: CoordinateBounds) -> [PinClusterItem] {
        let southWest = MercatorPoint(onWorld: Coordinate(uncheckedLatitude: bounds.south, longitude: bounds.west))
        let northEast = MercatorPoint(onWorld: Coordinate(uncheckedLatitude: bounds.north, longitude: bounds.east))
        return items(
            atLevel: zoom, west: southWest.x, south: southWest.y, east: northEast.x, north: northEast.y,
            everyEasting: bounds.spansAllLongitudes)
    }

    /// ``items(atLevel:west:south:east:north:)`` for checked edges, every easting held when
    /// `everyEasting` (a rectangle a world wide or wider, which its caller tells from what it
    /// was given: far from the world, the difference of the edges in metres is lost to
    /// rounding).
    private func items(atLevel zoom: Int, west: Double, south: Double, east: Double, north: Double, everyEasting: Bool) -> [PinClusterItem] {
        let z = min(max(zoom, 0), maximumZoom + 1)
        guard count > 0 else { return [] }
        let half = WebMercator.worldWidthMeters / 2
        // The eastings as one or two ranges on the world.
        var ranges: [(Double, Double)] = []
        if everyEasting {
            ranges = [(-half, half)]
        } else {
            let w = WebMercator.wrappedEasting(west), e = WebMercator.wrappedEasting(east)
            ranges = w <= e ? [(w, e)] : [(w, half), (-half, e)]
        }
        let group = groups[Int(groupOfLevel[z])]
        let y0 = max(Int64(Self.gridCoordinate(south)) - 1, 0), y1 = min(Int64(Self.gridCoordinate(north)) + 1, 4_294_967_295)
        var found: [Int32] = []
        for (from, to) in ranges {
            let x0 = max(Int64(Self.gridCoordinate(from)) - 1, 0), x1 = min(Int64(Self.gridCoordinate(to)) + 1, 4_294_967_295)
            group.forEachNode(x0: x0, x1: x1, y0: y0, y1: y1) { i in
                guard nodes.isAlive(i, at: z) else { return }
                let x = nodes.x[i], y = nodes.y[i]
                guard x >= from, x <= to, y >= south, y <= north else { return }
                found.append(Int32(i))
            }
        }
        // (Two ranges meet only at the world's edge, where eastings are -W/2 alone: no item is
        // found twice.)
        return nodes.rankSorted(found).map { item(level: z, node: Int($0)) }
    }

    /// The items of a level in a MapKit map rectangle (`MKMapRect`, such as an `MKMapView`'s
    /// `visibleMapRect`): ``items(atLevel:west:south:east:north:)`` for the rectangle in Web
    /// Mercator metres, x = (x_map / 2^28 - 1/2) W and y = (1/2 - y_map / 2^28) W. A rectangle
    /// wider than the world (2^28 map points) holds every easting.
    ///
    /// - Parameters:
    ///   - zoom: The level, clamped into 0 ... ``maximumZoom`` + 1.
    ///   - mapRect: The rectangle in map points.
    /// - Returns: The items, in rank order.
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for an origin
    ///   that is not finite, or a width or height that is negative or not finite.
    public func items(atLevel zoom: Int, in mapRect: MapKitMapRect) throws(GeometryError) -> [PinClusterItem] {
        try mapRect.check(allowingEmpty: true)
        let size = MapKitMapPoint.worldSize, world = WebMercator.worldWidthMeters
        // (A world wide or wider in map points: every easting, however far from the world the
        // rectangle lies, where its edges in metres may round to one.)
        return items(
            atLevel: zoom, west: (mapRect.origin.x / size - 0.5) * world, south: (0.5 - (mapRect.origin.y + mapRect.height) / size) * world,
            east: ((mapRect.origin.x + mapRect.width) / size - 0.5) * world, north: (0.5 - mapRect.origin.y / size) * world,
            everyEasting: mapRect.width >= size)
    }

    /// Sorts placed items into draw order in place, allocation-free: an in-place distribution
    /// into their buckets of screen y (``DrawBuckets``, each item's bucket found when it was
    /// placed; each item moved once into its bucket), then each bucket by insertion sort, or by
    /// heapsort when it holds more than 32 items. The order is total, so stability does not
    /// matter.
    static func sortInDrawOrder(_ a: UnsafeMutableBufferPointer<PlacedClusterItem>) {
        let n = a.count
        let less = PlacedClusterItem.drawnBefore
        @inline(__always) func insertionSort(_ from: Int, _ to: Int) {
            guard to - from > 1 else { return }
            for i in (from + 1)..<to where less(a[i], a[i - 1]) {
                // (An item already after the one before it is not copied.)
                let value = a[i]
                var j = i
                repeat {
                    a[j] = a[j - 1]
                    j -= 1
                } while j > from && less(value, a[j - 1])
                a[j] = value
            }
        }
        guard n > 16 else { return insertionSort(0, n) }
        let buckets = DrawBuckets.count
        // (255 Int32 is 1 020 bytes: a temporary allocation that small is on the stack.)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * buckets + 1) { table in
            let start = UnsafeMutableBufferPointer(rebasing: table[0...buckets])
            let next = UnsafeMutableBufferPointer(rebasing: table[(buckets + 1)...])
            start.initialize(repeating: 0)
            for k in 0..<n { start[Int(a[k].drawBucket) + 1] += 1 }
            for b in 0..<buckets { start[b + 1] += start[b] }
            for b in 0..<buckets { next[b] = start[b] }
            // Each move puts one item in its bucket for good.
            for b in 0..<buckets {
                while next[b] < start[b + 1] {
                    let k = Int(next[b])
                    let home = Int(a[k].drawBucket)
                    if home == b {
                        next[b] += 1
                    } else {
                        a.swapAt(k, Int(next[home]))
                        next[home] += 1
                    }
                }
            }
            for b in 0..<buckets {
                let from = Int(start[b]), to = Int(start[b + 1])
                if to - from > 32 {
                    heapSort(UnsafeMutableBufferPointer(rebasing: a[from..<to]), by: less)
                } else {
                    insertionSort(from, to)
                }
            }
        }
    }

    /// Sorts in place, allocation-free.
    static func heapSort<T>(_ a: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
        let n = a.count
        guard n > 1 else { return }
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end && less(a[child], a[child + 1]) { child += 1 }
                guard less(a[root], a[child]) else { return }
                a.swapAt(root, child)
                root = child
            }
        }
        for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
        for end in stride(from: n - 1, to: 0, by: -1) {
            a.swapAt(0, end)
            siftDown(0, end)
        }
    }

    /// The item a tap hits: among the items within half the touch target (22 points) of the
    /// tap, the one drawn last (topmost); nil when none is.
    ///
    /// - Parameters:
    ///   - tap: The tap, in screen points.
    ///   - items: A viewport query's items, in draw order.
    ///   - targetPoints: The target's diameter (Apple's 44 points by default); a negative or
    ///     NaN diameter hits nothing, and so does a tap that is not finite.
    /// - Returns: The index into `items`, or nil.
    public static func hit(_ tap: ScreenPoint, in items: [PlacedClusterItem], targetPoints: Double = touchTargetPoints) -> Int? {
        lastHit(tap, count: items.count, targetPoints: targetPoints) { items[$0].point }
    }

    /// The pin of a spread layout that a tap hits: among its pins within half the touch target
    /// (22 points) of the tap, the one drawn last (the spread's pins are drawn in its order);
    /// nil when none is, as for a tap on the group's own place (every spread pin is 22 points
    /// or more from it). Which pet of those reported at one address was tapped.
    ///
    /// - Parameters:
    ///   - tap: The tap, in screen points.
    ///   - spread: A spread layout (``spread(of:)``).
    ///   - targetPoints: The target's diameter (Apple's 44 points by default); a negative or
    ///     NaN diameter hits nothing, and so does a tap that is not finite.
    /// - Returns: The index into `spread`, or nil.
    public static func hit(_ tap: ScreenPoint, in spread: [SpreadPin], targetPoints: Double = touchTargetPoints) -> Int? {
        lastHit(tap, count: spread.count, targetPoints: targetPoints) { spread[$0].point }
    }

    /// The last of `count` points (`point(k)`) within half of `targetPoints` of a tap; nil for
    /// none, for a negative or NaN target and for a tap that is not finite.
    @inline(__always)
    private static func lastHit(_ tap: ScreenPoint, count: Int, targetPoints: Double, _ point: (Int) -> ScreenPoint) -> Int? {
        guard targetPoints >= 0, tap.x.isFinite, tap.y.isFinite else { return nil }
        let reach = targetPoints / 2
        for index in stride(from: count - 1, through: 0, by: -1) {
            let p = point(index)
            if distance(p, tap) <= reach { return index }
        }
        return nil
    }

    /// The distance between two points, in points, without the overflow of its square for
    /// points 1e154 or more apart (which made a distance of 1e200 as near as any).
    @inline(__always)
    static func distance(_ a: ScreenPoint, _ b: ScreenPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// The items within `radiusPoints` of a point, nearest first (ties: the one drawn later
    /// first, as it is on top).
    ///
    /// - Parameters:
    ///   - point: The point, in screen points (one that is not finite finds nothing).
    ///   - radiusPoints: The radius in points (negative or NaN: nothing found).
    ///   - items: A viewport query's items, in draw order.
    /// - Returns: Indices into `items`.
    public static func items(near point: ScreenPoint, within radiusPoints: Double, in items: [PlacedClusterItem]) -> [Int] {
        guard point.x.isFinite, point.y.isFinite else { return [] }
        var found: [(distance: Double, index: Int)] = []
        for (index, item) in items.enumerated() {
            let d = distance(item.point, point)
            if d <= radiusPoints { found.append((d, index)) }
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index > $1.index }
        return found.map(\.index)
    }

    /// The spread layout of a group that never splits (``PinClusterItem/expansionZoom`` nil,
    /// two or more pins): its pins around its point, every pair at least
    /// ``touchTargetPoints`` apart. Up to 8 pins sit on a circle of radius
    /// 22 / sin(pi / n) points (adjacent pins exactly 44 points apart), starting at the top and
    /// going clockwise; more follow an Archimedean spiral whose turns are 48 points apart,
    /// stepping 48 points of arc (as Leaflet.markercluster's spiderfier, in this library's
    /// units). Pins are placed in the order of their ids (``idPrecedes(_:_:)``), each with its
    /// category. Nil for a single pin and for a cluster that splits.
    ///
    /// - Parameter placed: A viewport query's item, made by this index as it is now or before
    ///   updates that left the item as it was.
    /// - Returns: The spread pins, or nil.
    /// - Throws: `GeometryError/staleClusterItem(zoom:index:)` for an item of another index,
    ///   or of this one before an update that changed that item (or compacted the index or
    ///   built it again).
    public func spread(of placed: PlacedClusterItem) throws(GeometryError) -> [SpreadPin]? {
        try check(placed.item)
        return spreadLayout(of: placed.item, at: placed.point)
    }

    /// The spread layout of a group that never splits, around a point of the app's choosing:
    /// ``spread(of:)`` for an item placed by another renderer. Around (0, 0), its pins' points
    /// are their offsets from the group's place (a MapKit annotation view's `centerOffset`).
    ///
    /// - Parameters:
    ///   - item: An item this index made (by ``items(atLevel:)``, ``item(containing:atLevel:)``
    ///     or a viewport query), as it is now or before updates that left the item as it was.
    ///   - point: Where the group is drawn, in screen points.
    /// - Returns: The spread pins, or nil for a single pin and for a cluster that splits.
    /// - Throws: `GeometryError/invalidClusterParameter(name:value:expected:)` for a point that
    ///   is not finite; `GeometryError/staleClusterItem(zoom:index:)` as ``spread(of:)``.
    public func spread(of item: PinClusterItem, around point: ScreenPoint) throws(GeometryError) -> [SpreadPin]? {
        for (name, value) in [("spread center x", point.x), ("spread center y", point.y)] where !value.isFinite {
            throw .invalidClusterParameter(name: name, value: value, expected: "a finite number of points")
        }
        try check(item)
        return spreadLayout(of: item, at: point)
    }

    /// ``spread(of:)`` for an item known to be this index's as it is now (a renderer's, just
    /// queried).
    package func spreadLayout(of placed: PlacedClusterItem) -> [SpreadPin]? {
        spreadLayout(of: placed.item, at: placed.point)
    }

    /// The spread layout of an item known to be this index's, around `center`.
    func spreadLayout(of item: PinClusterItem, at center: ScreenPoint) -> [SpreadPin]? {
        guard item.count > 1, item.expansionZoom == nil else { return nil }
        // (The keys of the ids' order order the pins as their ids do.)
        let pins = pinNodes(of: item.index).sorted { nodes.idKey[Int($0)] < nodes.idKey[Int($1)] }.map { pin(Int($0)) }
        let n = pins.count
        var out: [SpreadPin] = []
        out.reserveCapacity(n)
        if n <= 8 {
            let radius = SpreadShape.circleRadius(n)
            for (k, pin) in pins.enumerated() {
                let angle = -Double.pi / 2 + 2 * Double.pi * Double(k) / Double(n)
                out.append(SpreadPin(
                    id: pin.id, point: ScreenPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)), category: pin.category))
            }
        } else {
            var angle = 0.0, radius = SpreadShape.gap
            for pin in pins {
                out.append(SpreadPin(
                    id: pin.id, point: ScreenPoint(x: center.x + radius * cos(angle - Double.pi / 2), y: center.y + radius * sin(angle - Double.pi / 2)),
                    category: pin.category))
                angle += SpreadShape.step / radius
                radius = SpreadShape.next(radius)
            }
        }
        return out
    }
}

/// The shape of a spread layout (``PinClusterIndex/spread(of:)``): its circle's radius, and its
/// spiral's gap between turns and step along the arc, in points.
enum SpreadShape {
    static let gap = 48.0, step = 48.0

    /// The circle of n <= 8 pins, adjacent ones 44 points apart (a billionth of a point more,
    /// so that rounding never puts a pair under 44).
    static func circleRadius(_ n: Int) -> Double { (PinClusterIndex.touchTargetPoints / 2 + 1e-9) / sin(Double.pi / Double(n)) }

    /// The spiral's radius at the next pin: r + (gap / 2 pi) (step / r).
    @inline(__always)
    static func next(_ radius: Double) -> Double { radius + gap / (2 * Double.pi) * (step / radius) }

    /// A bound on the radius of pin k = n - 1, the outermost of n on the spiral, in constant
    /// time. With c = gap step / 2 pi each step is r' = r + c / r, so r'^2 = r^2 + 2c +
    /// c^2 / r^2; as r_i^2 >= r_0^2 + 2ci, the terms c^2 / r_i^2 sum to at most c^2 / r_0^2 +
    /// (c / 2) ln((r_0^2 + 2c (k - 1)) / r_0^2), and r_k^2 to at most r_0^2 + 2ck plus that.
    static func spiralReach(_ n: Int) -> Double {
        let c = gap / (2 * Double.pi) * step, s0 = gap * gap, k = Double(n - 1)
        return (s0 + 2 * c * k + c * c / s0 + c / 2 * log((s0 + 2 * c * (k - 1)) / s0)).squareRoot()
    }
}
