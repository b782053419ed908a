import GeoMath

/// Location permission as the platform reports it. The preview model reacts to changes; it
/// never asks for permission itself.
public enum LocationPermission: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined
    /// The user said no.
    case denied
    /// Parental controls or a profile forbid location.
    case restricted
    /// Location services are off for the whole device.
    case servicesOff
    /// The app may read the location while in use.
    case granted

    /// Why the preview needs permission, or nil when it has it.
    public var problem: PermissionProblem? {
        switch self {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .restricted: return .restricted
        case .servicesOff: return .servicesOff
        case .granted: return nil
        }
    }
}

/// Why the landing page shows "permission required" instead of the map.
public enum PermissionProblem: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user has not been asked yet (the app asks, elsewhere).
    case notDetermined
    /// The user said no.
    case denied
    /// Parental controls or a profile forbid location.
    case restricted
    /// Location services are off for the whole device.
    case servicesOff

    /// The message the landing page shows.
    public var message: String {
        switch self {
        case .notDetermined: return "Allow location access to see missing and found pets around you."
        case .denied: return "Location access is off for this app. Turn it on in Settings to see pets around you."
        case .restricted: return "Location access is restricted on this device."
        case .servicesOff: return "Location Services are off. Turn them on in Settings to see pets around you."
        }
    }
}

/// What the landing page's map preview shows: a pure value, changed only by
/// ``next(on:)``.
public enum PreviewState: Hashable, Sendable {
    /// Waiting for the location (nil) or for the snapshot of the circle around it. `attempt`
    /// numbers the load, so that a late result or timer of an earlier load is ignored.
    case loading(location: Coordinate?, attempt: Int)
    /// The snapshot is on screen: the circle around the location captured at entry, its
    /// frame, and the load that made it.
    case map(circle: GeodesicCircle, frame: PreviewFrame, attempt: Int)
    /// No map without location permission: a message and an action (ask for the permission
    /// when it was never asked, else go to Settings).
    /// `lastAttempt` is the last load started (0 before any), so the next one gets a new number.
    case permissionRequired(PermissionProblem, lastAttempt: Int = 0)
    /// The snapshot failed or timed out: a message and a retry action. The captured location,
    /// if any, is kept for the retry; `attempt` is the load that failed.
    case failed(message: String, location: Coordinate?, attempt: Int)

    /// How long a load may take before it becomes ``failed(message:location:attempt:)``.
    public static let loadTimeoutSeconds: Double = 10

    /// The state and its first effects when the landing page appears with `permission`.
    public static func start(permission: LocationPermission) -> (state: PreviewState, effects: [PreviewEffect]) {
        if let problem = permission.problem { return (.permissionRequired(problem, lastAttempt: 0), []) }
        return load(location: nil, attempt: 1)
    }

    /// A new load: the location if none was captured, else the snapshot; and its timer.
    /// The attempt number after `attempt`: one more, wrapping from `Int.max` to `Int.min` (a
    /// number no load since has had, unlike `Int.max` again; an overflow trapped here).
    static func following(_ attempt: Int) -> Int { attempt &+ 1 }

    static func load(location: Coordinate?, attempt: Int) -> (state: PreviewState, effects: [PreviewEffect]) {
        let timer = PreviewEffect.startLoadTimer(seconds: loadTimeoutSeconds, attempt: attempt)
        guard let location else { return (.loading(location: nil, attempt: attempt), [.requestLocation, timer]) }
        return (.loading(location: location, attempt: attempt),
                [.requestSnapshot(circle: .userVicinity(around: location), attempt: attempt), timer])
    }

    /// The number of the current or last load (0 before any).
    public var attempt: Int {
        switch self {
        case .loading(_, let attempt), .failed(_, _, let attempt), .map(_, _, let attempt),
             .permissionRequired(_, let attempt):
            return attempt
        }
    }

    /// The user-facing message of the state, if it has one.
    public var message: String? {
        switch self {
        case .permissionRequired(let problem, _): return problem.message
        case .failed(let message, _, _): return message
        case .loading, .map: return nil
        }
    }

    /// The action the state offers, if any: ask for the permission (never asked yet), open
    /// Settings (refused, restricted, or Location Services off), or retry.
    ///
    /// A permission never asked for is asked for, not sent to Settings: iOS asks with
    /// `requestWhenInUseAuthorization()` only while the status is not determined, and Apple
    /// documents that call for that status; Settings is where a refusal is undone.
    public var action: PreviewAction? {
        switch self {
        case .permissionRequired(.notDetermined, _): return .requestPermission
        case .permissionRequired: return .openSettings
        case .failed: return .retry
        case .loading, .map: return nil
        }
    }

    /// The transition function: the next state and the effects the app should run.
    ///
    /// - Permission changes at any time: losing it shows "permission required"; granting it
    ///   from there starts loading, without a restart.
    /// - The location is captured once, while loading without one; later locations are
    ///   ignored (the preview does not follow the user).
    /// - A snapshot result or a timer counts only for the current load (its attempt number),
    ///   and a snapshot only for the captured location's circle; a late result of an earlier
    ///   load is ignored. The timer firing while loading fails the load. Retry (from failed)
    ///   starts a new load.
    /// - A tap is delivered only on the map, for a point inside the frame; elsewhere it does
    ///   nothing.
    public func next(on event: PreviewEvent) -> (state: PreviewState, effects: [PreviewEffect]) {
        switch event {
        case .permissionChanged(let permission):
            if let problem = permission.problem {
                // Leaving a load stops its timer; nothing else is running.
                if case .loading = self { return (.permissionRequired(problem, lastAttempt: attempt), [.cancelLoadTimer]) }
                return (.permissionRequired(problem, lastAttempt: attempt), [])
            }
            if case .permissionRequired = self { return Self.load(location: nil, attempt: Self.following(attempt)) }
            return (self, [])

        case .locationArrived(let location):
            guard case .loading(nil, let attempt) = self else { return (self, []) }
            return (.loading(location: location, attempt: attempt),
                    [.requestSnapshot(circle: .userVicinity(around: location), attempt: attempt)])

        case .snapshotSucceeded(let frame, let attempt):
            guard case .loading(let location?, attempt) = self, frame.circle == .userVicinity(around: location) else {
                return (self, [])
            }
            return (.map(circle: frame.circle, frame: frame, attempt: attempt), [.cancelLoadTimer])

        case .snapshotFailed(let message, let attempt):
            guard case .loading(let location, attempt) = self else { return (self, []) }
            return (.failed(message: message, location: location, attempt: attempt), [.cancelLoadTimer])

        case .loadTimedOut(let attempt):
            guard case .loading(let location, attempt) = self else { return (self, []) }
            let seconds = Self.loadTimeoutSeconds
            return (.failed(message: "The map did not load within \(Int(seconds)) seconds.", location: location, attempt: attempt), [])

        case .retry:
            guard case .failed(_, let location, let attempt) = self else { return (self, []) }
            return Self.load(location: location, attempt: Self.following(attempt))

        case .tap(let point):
            // Only on the map, and only a point of the frame (NaN or outside: nothing).
            guard case .map(_, let frame, _) = self, frame.contains(point) else { return (self, []) }
            return (self, [.deliverTap(point)])
        }
    }
}

/// Something that happened to the landing page's preview.
public enum PreviewEvent: Hashable, Sendable {
    /// The platform reported a (possibly unchanged) permission.
    case permissionChanged(LocationPermission)
    /// A location fix arrived.
    case locationArrived(Coordinate)
    /// The snapshot requested by load `attempt` is ready, with its frame.
    case snapshotSucceeded(PreviewFrame, attempt: Int)
    /// The snapshot requested by load `attempt` could not be made.
    case snapshotFailed(message: String, attempt: Int)
    /// The timer of load `attempt` fired.
    case loadTimedOut(attempt: Int)
    /// The user chose retry.
    case retry
    /// The user tapped the preview at a frame point.
    case tap(ScreenPoint)
}

/// Work the app does for the model (the model itself does none, and never asks for
/// permission).
public enum PreviewEffect: Hashable, Sendable {
    /// Read the current location once.
    case requestLocation
    /// Make the snapshot of this circle (then send ``PreviewEvent/snapshotSucceeded(_:attempt:)``
    /// or ``PreviewEvent/snapshotFailed(message:attempt:)`` with the same attempt).
    case requestSnapshot(circle: GeodesicCircle, attempt: Int)
    /// Start the load timer; send ``PreviewEvent/loadTimedOut(attempt:)`` when it fires.
    case startLoadTimer(seconds: Double, attempt: Int)
    /// Stop the load timer.
    case cancelLoadTimer
    /// Hand the tap to the app (open the fullscreen map there).
    case deliverTap(ScreenPoint)
}

/// The action button a state offers.
public enum PreviewAction: String, Hashable, Sendable, CaseIterable {
    /// Open the system Settings at the app's location permission.
    case openSettings
    /// Load the preview again.
    case retry
    /// Ask for location permission, which was never asked for (iOS:
    /// `CLLocationManager.requestWhenInUseAuthorization()`); the app asks, the model never
    /// does, and the answer comes back as ``PreviewEvent/permissionChanged(_:)``.
    case requestPermission
}
