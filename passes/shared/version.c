/* version.c - amdsyncVersion, the one definition that libamdsync alone
   carries (amdsync/version.h). */
#include "amdsync/version.h"

const char *amdsyncVersion(void) { return AMDSYNC_VERSION_STRING; }
