#ifndef CFUZZER_DRIVER_H
#define CFUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for executables whose `main` is their own (SwiftPM names each
/// executable's entry point `<Target>_main`, so libFuzzer's `main` is never linked).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
