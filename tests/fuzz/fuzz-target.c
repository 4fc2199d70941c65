/* fuzz-target.c: libFuzzer's entry to one of Tessera's readers (tessera-fuzz.c), built once
 * per target with FUZZ_ONE_INPUT naming the function that takes the bytes.
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "tessera-fuzz.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  tessera_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  FUZZ_ONE_INPUT (data, size);
  return 0;
}
