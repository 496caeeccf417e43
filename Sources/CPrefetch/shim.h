#ifndef CARDPORT_CPREFETCH_SHIM_H
#define CARDPORT_CPREFETCH_SHIM_H

/* Asks the processor to bring the cache line at `address` in, without waiting for it: a plain load
   would hold up the instructions after it until the line arrives. Inlined where it is called. */
static inline __attribute__((always_inline)) void cardport_prefetch(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
