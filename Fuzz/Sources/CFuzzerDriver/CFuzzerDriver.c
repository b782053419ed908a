// The declaration of libFuzzer's driver is all this module provides (see the header).
#include "CFuzzerDriver.h"
