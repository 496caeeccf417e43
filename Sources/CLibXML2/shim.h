#ifndef CARDPORT_CLIBXML2_SHIM_H
#define CARDPORT_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* The ICU converter types only appear behind pointers at the end of the encoding handler, which
   Cardport never touches; leaving ICU's headers out keeps them from clashing with the copy of ICU
   that Foundation brings. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>

#endif
