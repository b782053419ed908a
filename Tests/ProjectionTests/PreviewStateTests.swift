import GeoMath
import Testing

@testable import Projection

/// The landing page's preview model: every state against every event, and the legend.
@Suite("PreviewState")
struct PreviewStateTests {
    static var paris: Coordinate { get throws { try Coordinate(latitude: 48.8566, longitude: 2.3522) } }
    static var oslo: Coordinate { get throws { try Coordinate(latitude: 59.91, longitude: 10.75) } }
    static func timer(_ attempt: Int) -> PreviewEffect { .startLoadTimer(seconds: 10, attempt: attempt) }

    static func frame(around location: Coordinate) throws -> PreviewFrame {
        try PreviewFrame(circle: .userVicinity(around: location), widthPoints: 390)
    }

    /// One sample of every state, all in load 1.
    static func states() throws -> [PreviewState] {
        [
            .loading(location: nil, attempt: 1), .loading(location: try paris, attempt: 1),
            .map(circle: .userVicinity(around: try paris), frame: try frame(around: try paris), attempt: 1),
            .failed(message: "boom", location: nil, attempt: 1), .failed(message: "boom", location: try paris, attempt: 1),
        ] + PermissionProblem.allCases.map { PreviewState.permissionRequired($0, lastAttempt: 1) }
    }

    /// One sample of every event: results of load 1 and stale ones of load 0, a snapshot for
    /// the captured location (Paris) and one for another circle (Oslo), taps inside, outside
    /// and NaN.
    static func events() throws -> [PreviewEvent] {
        LocationPermission.allCases.map(PreviewEvent.permissionChanged) + [
            .locationArrived(try oslo),
            .snapshotSucceeded(try frame(around: try paris), attempt: 1), .snapshotSucceeded(try frame(around: try oslo), attempt: 1),
            .snapshotSucceeded(try frame(around: try paris), attempt: 0),
            .snapshotFailed(message: "no network", attempt: 1), .snapshotFailed(message: "late", attempt: 0),
            .loadTimedOut(attempt: 1), .loadTimedOut(attempt: 0), .retry,
            .tap(ScreenPoint(x: 10, y: 20)), .tap(ScreenPoint(x: 1_000, y: 20)), .tap(ScreenPoint(x: .nan, y: 20)),
        ]
    }

    /// The expected outcome of every pair, written from the issue's rules, one rule per event.
    static func expected(_ state: PreviewState, _ event: PreviewEvent) throws -> (PreviewState, [PreviewEffect]) {
        let unchanged = (state, [PreviewEffect]())
        let attempt = state.attempt
        switch event {
        case .permissionChanged(let permission):
            switch (permission, state) {
            case (.granted, .permissionRequired(_, let last)): return (.loading(location: nil, attempt: last + 1), [.requestLocation, timer(last + 1)])
            case (.granted, _): return unchanged
            case (_, .loading): return (.permissionRequired(permission.problem!, lastAttempt: attempt), [.cancelLoadTimer])
            default: return (.permissionRequired(permission.problem!, lastAttempt: attempt), [])
            }
        case .locationArrived(let location):
            if state == .loading(location: nil, attempt: attempt) {
                return (.loading(location: location, attempt: attempt),
                        [.requestSnapshot(circle: .userVicinity(around: location), attempt: attempt)])
            }
            return unchanged
        case .snapshotSucceeded(let frame, let of):
            let paris = try paris
            if state == .loading(location: paris, attempt: of), frame.circle == .userVicinity(around: paris) {
                return (.map(circle: frame.circle, frame: frame, attempt: of), [.cancelLoadTimer])
            }
            return unchanged
        case .snapshotFailed(let message, let of):
            if case .loading(let location, of) = state { return (.failed(message: message, location: location, attempt: of), [.cancelLoadTimer]) }
            return unchanged
        case .loadTimedOut(let of):
            if case .loading(let location, of) = state {
                return (.failed(message: "The map did not load within 10 seconds.", location: location, attempt: of), [])
            }
            return unchanged
        case .retry:
            switch state {
            case .failed(_, nil, let last): return (.loading(location: nil, attempt: last + 1), [.requestLocation, timer(last + 1)])
            case .failed(_, let location?, let last):
                return (.loading(location: location, attempt: last + 1),
                        [.requestSnapshot(circle: .userVicinity(around: location), attempt: last + 1), timer(last + 1)])
            default: return unchanged
            }
        case .tap(let point):
            if case .map = state, point.x >= 0, point.x <= 390, point.y >= 0, point.y <= 219.375 { return (state, [.deliverTap(point)]) }
            return unchanged
        }
    }

    @Test("every state and event pair goes where the rules say (9 states x 17 events)")
    func everyPair() throws {
        let states = try Self.states(), events = try Self.events()
        #expect(states.count == 9 && events.count == 17)
        for state in states {
            for event in events {
                let (next, effects) = state.next(on: event)
                let (expectedState, expectedEffects) = try Self.expected(state, event)
                #expect(next == expectedState, "\(state) on \(event)")
                #expect(effects == expectedEffects, "\(state) on \(event)")
            }
        }
    }

    @Test("BAD_INPUTS row 97: an attempt number at Int.max is followed by Int.min, never a trap")
    func attemptsWrap() throws {
        let location = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        // (Before this row `attempt + 1` trapped on the overflow.)
        let granted = PreviewState.permissionRequired(.denied, lastAttempt: Int.max).next(on: .permissionChanged(.granted))
        #expect(granted.state == .loading(location: nil, attempt: Int.min))
        #expect(granted.effects == [.requestLocation, .startLoadTimer(seconds: PreviewState.loadTimeoutSeconds, attempt: Int.min)])
        let retried = PreviewState.failed(message: "x", location: location, attempt: Int.max).next(on: .retry)
        #expect(retried.state == .loading(location: location, attempt: Int.min))
        // The old load's late result no longer counts.
        #expect(retried.state.next(on: .loadTimedOut(attempt: Int.max)).state == retried.state)
        #expect(PreviewState.failed(message: "x", location: nil, attempt: Int.min).next(on: .retry).state == .loading(location: nil, attempt: Int.min + 1))
    }

    @Test("a whole session: permission asked elsewhere, granted without a restart, location captured once, timeout, retry, map, tap")
    func session() throws {
        var (state, effects) = PreviewState.start(permission: .notDetermined)
        #expect(state == .permissionRequired(.notDetermined, lastAttempt: 0) && effects.isEmpty && state.action == .requestPermission)
        // The model never asks for permission: no effect of it does.
        (state, effects) = state.next(on: .permissionChanged(.granted))
        #expect(state == .loading(location: nil, attempt: 1) && effects == [.requestLocation, Self.timer(1)])
        (state, effects) = state.next(on: .locationArrived(try Self.paris))
        #expect(effects == [.requestSnapshot(circle: .userVicinity(around: try Self.paris), attempt: 1)])
        // A second fix is not followed.
        (state, effects) = state.next(on: .locationArrived(try Self.oslo))
        #expect(state == .loading(location: try Self.paris, attempt: 1) && effects.isEmpty)
        // A tap while loading does nothing; the load times out.
        (state, effects) = state.next(on: .tap(ScreenPoint(x: 1, y: 1)))
        #expect(effects.isEmpty)
        (state, effects) = state.next(on: .loadTimedOut(attempt: 1))
        #expect(state.action == .retry && state.message == "The map did not load within 10 seconds.")
        (state, effects) = state.next(on: .retry)
        #expect(state == .loading(location: try Self.paris, attempt: 2))
        // The first load's late failure and timer do not end the second load.
        (state, effects) = state.next(on: .snapshotFailed(message: "late", attempt: 1))
        (state, effects) = state.next(on: .loadTimedOut(attempt: 1))
        #expect(state == .loading(location: try Self.paris, attempt: 2) && effects.isEmpty)
        (state, effects) = state.next(on: .snapshotSucceeded(try Self.frame(around: try Self.paris), attempt: 2))
        guard case .map(let circle, _, _) = state else {
            Issue.record("expected the map, got \(state)")
            return
        }
        #expect(circle.center == (try Self.paris))
        (state, effects) = state.next(on: .tap(ScreenPoint(x: 100, y: 50)))
        #expect(effects == [.deliverTap(ScreenPoint(x: 100, y: 50))])
        // Permission revoked at any time, then granted again: a new load number.
        (state, effects) = state.next(on: .permissionChanged(.servicesOff))
        #expect(state == .permissionRequired(.servicesOff, lastAttempt: 2) && state.message?.contains("Location Services") == true)
        (state, effects) = state.next(on: .permissionChanged(.granted))
        #expect(state == .loading(location: nil, attempt: 3))
        (state, effects) = state.next(on: .loadTimedOut(attempt: 2))
        #expect(state == .loading(location: nil, attempt: 3))
    }

    @Test("every start permission: granted loads, anything else asks for permission with a message, and an action: ask for it when never asked, else Settings (before, a permission never asked for was sent to Settings)")
    func start() {
        for permission in LocationPermission.allCases {
            let (state, effects) = PreviewState.start(permission: permission)
            if permission == .granted {
                #expect(state == .loading(location: nil, attempt: 1) && effects == [.requestLocation, Self.timer(1)] && state.action == nil)
            } else {
                #expect(state == .permissionRequired(permission.problem!, lastAttempt: 0) && effects.isEmpty)
                #expect(state.action == (permission == .notDetermined ? .requestPermission : .openSettings) && state.message?.isEmpty == false)
            }
        }
    }

    @Test("the legend explains every pin: one entry per category, the pins' own style, stable distinct tokens")
    func legend() throws {
        #expect(Legend.entries.map(\.category) == PinCategory.allCases)
        #expect(Set(Legend.entries.map(\.style.symbol)).count == PinCategory.allCases.count)
        #expect(Set(Legend.entries.map(\.style.colorHex)).count == PinCategory.allCases.count)
        // The tokens are part of the contract with renderers: they must not drift.
        // Styles now carry a dark-map colour too (Material 300 shades).
        #expect(PinCategory.missing.style == PinStyle(symbol: "pin.missing", colorHex: "#D93025", darkColorHex: "#F28B82", label: "Missing"))
        #expect(PinCategory.found.style == PinStyle(symbol: "pin.found", colorHex: "#1E8E3E", darkColorHex: "#81C995", label: "Found"))
        #expect(Set(Legend.entries.map { $0.style.colorHex(dark: true) }).count == PinCategory.allCases.count)
        #expect(Legend.entries.allSatisfy { $0.style.colorHex(dark: false) == $0.style.colorHex && $0.style.colorHex(dark: true) == $0.style.darkColorHex })
        #expect(Set(Legend.entries.map(\.id)).count == Legend.entries.count)
        let layout = PinLayout(
            announcements: [
                Announcement(id: "a", status: "MISSING", latitude: 48.86, longitude: 2.35),
                Announcement(id: "b", status: "found", latitude: 48.85, longitude: 2.36),
            ],
            frame: try Self.frame(around: (try Self.paris)))
        for pin in layout.pins {
            #expect(Legend.entries.contains(LegendEntry(category: pin.category, style: pin.style)))
        }
    }
}
