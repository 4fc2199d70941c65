# bash completion for tessera-cli                          -*- shell-script -*-
#
# Copyright 2026 The Tessera developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Completes the commands, each command's options (as tessera-cli COMMAND --help lists them),
# record files, the tiles still in the supply for moves, the stored games for export and the
# players for history player. The lists come from tessera-cli itself, in its JSON output:
# state --json (the "supply" object), history --json games and history --json players.

# The tile ids with copies left in the supply of record $2, read with tessera-cli $1.
_tessera_cli_tiles()
{
    local cli=$1 file=$2

    [[ $file == "~/"* ]] && file=$HOME/${file#"~/"}
    [[ $file != - && -r $file ]] || return
    "$cli" state --json "$file" 2>/dev/null | awk '
        /^  "supply" : \{$/ { inside = 1; next }
        inside && /^  \}/ { exit }
        inside { count = $3; sub(/,$/, "", count); if (count + 0 > 0) { gsub(/"/, "", $1); print $1 } }'
}

# The ids of the stored games, from the history at $2 (the app's when empty).
_tessera_cli_games()
{
    local cli=$1 db=$2

    "$cli" history --json ${db:+--db "$db"} games 2>/dev/null |
        awk '/^    "id" : [0-9]+/ { id = $3; sub(/,$/, "", id); print id }'
}

# The names of the players in the history at $2, one a line.
_tessera_cli_players()
{
    local cli=$1 db=$2

    "$cli" history --json ${db:+--db "$db"} players 2>/dev/null |
        sed -n 's/^    "name" : "\(.*\)",\{0,1\}$/\1/p' | sed 's/\\"/"/g; s/\\\\/\\/g'
}

_tessera_cli_files()
{
    if declare -F _filedir >/dev/null; then
        _filedir
    else
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

_tessera_cli()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev= cli=${COMP_WORDS[0]}
    local command options word db= csv= i
    local -a args=()

    COMPREPLY=()
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    [[ $cli == "~/"* ]] && cli=$HOME/${cli#"~/"}

    if ((COMP_CWORD == 1)); then
        mapfile -t COMPREPLY < <(compgen -W 'validate score explain state moves fits review import export
            history help --help --version' -- "$cur")
        return
    fi

    command=${COMP_WORDS[1]}
    case $command in
        validate) options= ;;
        score | explain | moves | fits | review) options=--json ;;
        state) options='--json --after' ;;
        import) options=--db ;;
        export) options='--csv --bgstats --db' ;;
        history) options='--json --db' ;;
        *) return ;;
    esac
    options+=' --help'

    case $prev in
        --after) return ;; # a number of events
        --db)
            _tessera_cli_files
            return
            ;;
    esac

    # The arguments before the cursor, without the options and their values.
    for ((i = 2; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        case $word in
            --after) ((i++)) ;;
            --db)
                ((i++))
                db=${COMP_WORDS[i]}
                [[ $db == "~/"* ]] && db=$HOME/${db#"~/"}
                ;;
            --csv) csv=1 ;;
            -[0-9]*) [[ $command == fits ]] && args+=("$word") ;; # a negative X or Y
            - | [!-]*) args+=("$word") ;;
        esac
    done

    if [[ $cur == -* && ! ($command == fits && $cur == -[0-9]*) ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
        return
    fi

    case $command,${#args[@]} in
        validate,0 | score,0 | explain,0 | state,0 | moves,0 | fits,0 | review,0 | import,*)
            _tessera_cli_files
            ;;
        moves,1)
            mapfile -t COMPREPLY < <(compgen -W "$(_tessera_cli_tiles "$cli" "${args[0]}")" -- "$cur")
            ;;
        export,0)
            [[ -n $csv ]] ||
                mapfile -t COMPREPLY < <(compgen -W "$(_tessera_cli_games "$cli" "$db")" -- "$cur")
            ;;
        history,0)
            mapfile -t COMPREPLY < <(compgen -W 'games players player' -- "$cur")
            ;;
        history,1)
            if [[ ${args[0]} == player ]]; then
                local name
                while IFS= read -r name; do
                    [[ $name == "$cur"* ]] && COMPREPLY+=("$(printf '%q' "$name")")
                done < <(_tessera_cli_players "$cli" "$db")
            fi
            ;;
    esac
}

complete -F _tessera_cli tessera-cli
