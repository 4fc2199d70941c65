# bash completion for tessera                               -*- shell-script -*-
#
# Copyright 2026 The Tessera developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Completes the app's options (as tessera --help-all lists them) and the game records it opens:
# files named *.tessera or *.json, and folders on the way to them.

_tessera()
{
    local cur=${COMP_WORDS[COMP_CWORD]}

    COMPREPLY=()
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--help --help-all --help-gapplication --version' -- "$cur")
        return
    fi
    if declare -F _filedir >/dev/null; then
        _filedir '@(tessera|json)'
    else
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -X '!*.tessera' -- "$cur"
            compgen -f -X '!*.json' -- "$cur"
            compgen -d -- "$cur")
    fi
}
complete -F _tessera tessera
