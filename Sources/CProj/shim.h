#ifndef CPROJ_SHIM_H
#define CPROJ_SHIM_H

// The only C surface the Swift targets see: PROJ's transformation API and
// its geodesic routines (Karney 2013), both from libproj-dev / brew proj.
#include <proj.h>
#include <geodesic.h>

#endif
