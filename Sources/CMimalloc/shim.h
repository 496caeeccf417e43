#ifndef CARDPORT_CMIMALLOC_SHIM_H
#define CARDPORT_CMIMALLOC_SHIM_H

#include <mimalloc.h>

#endif
