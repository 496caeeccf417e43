#ifndef CARDPORT_CYAML_SHIM_H
#define CARDPORT_CYAML_SHIM_H

#include <yaml.h>

#endif
