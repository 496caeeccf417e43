// Declarations only: LLVMFuzzerRunDriver comes from the toolchain's libFuzzer runtime.
#include "CFuzzerDriver.h"
