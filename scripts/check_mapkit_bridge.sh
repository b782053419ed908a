#!/usr/bin/env bash
# Type-checks the Apple-only MapKit bridge (Sources/Projection/Renderer/MapKitBridge+Apple.swift,
# compiled only where MapKit exists, so never by `swift build` here) and GesturePhase's UIKit
# initializer against stand-ins of Apple's documented MapKit, CoreLocation and UIKit
# declarations (scripts/mapkit-standin): the Projection module is compiled with the stand-ins
# on its import path, so `canImport(MapKit)` and `canImport(UIKit)` hold, under the Swift 6 language mode with warnings as errors; then an adopter's use of
# the bridge and the preview's snapshot recipe (scripts/mapkit-standin/Adopter.swift) is
# type-checked against it. A name, label,
# type or optionality the bridge gets wrong against Apple's declarations fails here. Not a
# substitute for a build with Apple's SDK: only what the stand-ins declare is checked.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="${SWIFT:-swift}"
swiftc="${SWIFTC:-$(dirname "$(command -v "$swift")")/swiftc}"
standin="$root/scripts/mapkit-standin"
dir="$root/.build/mapkit-bridge"
rm -rf "$dir"
mkdir -p "$dir/modules"
cd "$root"
cproj=(-Xcc "-fmodule-map-file=$root/Sources/CProj/module.modulemap")
for flag in $(pkg-config --cflags proj); do cproj+=(-Xcc "$flag"); done
common=(-swift-version 6 -parse-as-library -warnings-as-errors -package-name mapkitbridgecheck -I "$dir/modules")
# (The bridge must be compiled, not skipped: this file fails the build without the stand-ins.)
printf '#if !canImport(MapKit) || !canImport(UIKit)\n#error("the MapKit or UIKit stand-in is not on the import path")\n#endif\n' >"$dir/RequireMapKit.swift"
mapfile -t geomath < <(find Sources/GeoMath -name '*.swift' | sort)
mapfile -t projection < <(find Sources/Projection -name '*.swift' | sort)
"$swiftc" "${common[@]}" "${cproj[@]}" -emit-module -module-name GeoMath -emit-module-path "$dir/modules/GeoMath.swiftmodule" "${geomath[@]}"
"$swiftc" "${common[@]}" -emit-module -module-name CoreLocation -emit-module-path "$dir/modules/CoreLocation.swiftmodule" "$standin/CoreLocation.swift"
# UIKit's stand-in with library evolution, so that its enum is not frozen (a switch over it needs
# its @unknown default, as over Apple's); its own warning that Foundation lacks that mode is not
# the bridge's and is suppressed.
"$swiftc" -swift-version 6 -parse-as-library -suppress-warnings -enable-library-evolution -emit-module -module-name UIKit -emit-module-path "$dir/modules/UIKit.swiftmodule" "$standin/UIKit.swift"
"$swiftc" "${common[@]}" -emit-module -module-name MapKit -emit-module-path "$dir/modules/MapKit.swiftmodule" "$standin/MapKit.swift"
"$swiftc" "${common[@]}" "${cproj[@]}" -emit-module -module-name Projection -emit-module-path "$dir/modules/Projection.swiftmodule" \
  "$dir/RequireMapKit.swift" "${projection[@]}"
"$swiftc" "${common[@]}" "${cproj[@]}" -typecheck "$standin/Adopter.swift"
echo "mapkit bridge: MapKitBridge+Apple.swift, GesturePhase(UIGestureRecognizer.State) and an adopter's use of them type-check against Apple's documented declarations (stand-ins; Swift 6, no warnings)"
