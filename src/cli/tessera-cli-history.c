/* tessera-cli-history.c
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "tessera-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "tessera-engine.h"
#include "tessera-store.h"

#include "tessera-cli-command.h"
#include "tessera-cli-common.h"

/* "2026-11-22 14:05", in local time. */
static char *
local_time (const char *iso8601)
{
  g_autoptr(GDateTime) utc = iso8601 != NULL ? g_date_time_new_from_iso8601 (iso8601, NULL) : NULL;
  g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;

  return local != NULL ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup (iso8601 != NULL ? iso8601 : "");
}

/* When a game began, by the clock of the table it was played at when its record says so, or
 * else by this computer's. */
static char *
game_start_time (const TesseraGameSummary *game)
{
  g_autoptr(GDateTime) played = NULL;

  if (game->played != NULL && game->played->start != NULL &&
      (played = g_date_time_new_from_iso8601 (game->played->start, NULL)) != NULL)
    return g_date_time_format (played, "%Y-%m-%d %H:%M");
  return local_time (game->started);
}

static void
add_played_json (JsonBuilder         *builder,
                 const TesseraPlayed *played)
{
  static const char * const keys[] = { "start", "end", "place" };

  if (played == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  {
    const char *values[] = { played->start, played->end, played->place };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      if (values[i] != NULL)
        {
          json_builder_set_member_name (builder, keys[i]);
          json_builder_add_string_value (builder, values[i]);
        }
  }
  json_builder_end_object (builder);
}

static const char *
state_phrase (const char *state)
{
  if (g_str_equal (state, "finished"))
    return C_("game", "finished");
  if (g_str_equal (state, "abandoned"))
    return C_("game", "abandoned");
  return C_("game", "in progress");
}

static void
add_seats_json (JsonBuilder           *builder,
                const TesseraGameSummary *game)
{
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint s = 0; s < game->seats->len; s++)
    {
      const TesseraGameSeat *seat = &g_array_index (game->seats, TesseraGameSeat, s);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, seat->name);
      json_builder_set_member_name (builder, "color");
      json_builder_add_string_value (builder, seat->color);
      json_builder_set_member_name (builder, "score");
      if (seat->has_result)
        json_builder_add_int_value (builder, seat->final_score);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "rank");
      if (seat->has_result)
        json_builder_add_int_value (builder, seat->rank);
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static int
history_games (const TesseraCliOptions *options,
               TesseraStore            *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = tessera_store_list_games (store, &error);

  if (games == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);
  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < games->len; i++)
        {
          const TesseraGameSummary *game = g_ptr_array_index (games, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_int_value (builder, game->id);
          json_builder_set_member_name (builder, "started");
          json_builder_add_string_value (builder, game->started);
          json_builder_set_member_name (builder, "ended");
          if (game->ended != NULL)
            json_builder_add_string_value (builder, game->ended);
          else
            json_builder_add_null_value (builder);
          json_builder_set_member_name (builder, "state");
          json_builder_add_string_value (builder, game->state);
          json_builder_set_member_name (builder, "played");
          add_played_json (builder, game->played);
          json_builder_set_member_name (builder, "sets");
          json_builder_begin_array (builder);
          for (guint k = 0; k < game->sets->len; k++)
            json_builder_add_string_value (builder, g_ptr_array_index (game->sets, k));
          json_builder_end_array (builder);
          json_builder_set_member_name (builder, "events");
          json_builder_add_int_value (builder, game->n_events);
          add_seats_json (builder, game);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
      return EXIT_OK;
    }

  if (games->len == 0)
    g_print ("%s\n", _("The history holds no games yet."));
  for (guint i = 0; i < games->len; i++)
    {
      const TesseraGameSummary *game = g_ptr_array_index (games, i);
      g_autoptr(GString) players = g_string_new (NULL);
      g_autofree char *started = game_start_time (game);
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, game->id);

      for (guint s = 0; s < game->seats->len; s++)
        {
          const TesseraGameSeat *seat = &g_array_index (game->seats, TesseraGameSeat, s);

          if (s > 0)
            g_string_append (players, ", ");
          if (seat->has_result)
            /* TRANSLATORS: a player's score and place in a list of games: "Anna 57 (#1)" */
            g_string_append_printf (players, _("%s %d (#%u)"), seat->name, seat->final_score, seat->rank);
          else
            g_string_append (players, seat->name);
        }
      if (game->played != NULL && game->played->place != NULL)
        /* TRANSLATORS: "game 3, 2026-11-22 14:05 at Club De Toren, finished: Anna 57 (#1), Bram 49 (#2)" */
        g_print (_("game %s, %s at %s, %s: %s\n"), id, started, game->played->place, state_phrase (game->state), players->str);
      else
        /* TRANSLATORS: "game 3, 2026-11-22 14:05, finished: Anna 57 (#1), Bram 49 (#2)" */
        g_print (_("game %s, %s, %s: %s\n"), id, started, state_phrase (game->state), players->str);
    }
  return EXIT_OK;
}

static void
add_stats_json (JsonBuilder              *builder,
                const TesseraPlayerStats *stats)
{
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, stats->name);
  json_builder_set_member_name (builder, "games");
  json_builder_add_int_value (builder, stats->n_games);
  json_builder_set_member_name (builder, "wins");
  json_builder_add_int_value (builder, stats->n_wins);
  json_builder_set_member_name (builder, "average");
  json_builder_add_double_value (builder, stats->average_score);
  json_builder_set_member_name (builder, "best");
  if (stats->n_games > 0)
    json_builder_add_int_value (builder, stats->best_score);
  else
    json_builder_add_null_value (builder);
}

/* "Anna: 11 games, 4 wins, average 63.5, best 92" */
static void
print_stats_line (const TesseraPlayerStats *stats)
{
  g_autofree char *games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u finished game", "%u finished games", stats->n_games),
                                            stats->n_games);
  g_autofree char *wins = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u win", "%u wins", stats->n_wins), stats->n_wins);

  if (stats->n_games == 0)
    /* TRANSLATORS: "Anna: 0 finished games" */
    g_print (_("%s: %s\n"), stats->name, games);
  else
    /* TRANSLATORS: "Anna: 11 finished games, 4 wins, average 63.5, best 92" */
    g_print (_("%s: %s, %s, average %.1f, best %d\n"), stats->name, games, wins, stats->average_score, stats->best_score);
}

static int
history_players (const TesseraCliOptions *options,
                 TesseraStore            *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = tessera_store_list_player_stats (store, &error);

  if (players == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);
  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < players->len; i++)
        {
          json_builder_begin_object (builder);
          add_stats_json (builder, g_ptr_array_index (players, i));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
      return EXIT_OK;
    }
  if (players->len == 0)
    g_print ("%s\n", _("The history holds no players yet."));
  for (guint i = 0; i < players->len; i++)
    print_stats_line (g_ptr_array_index (players, i));
  return EXIT_OK;
}

static int
history_player (const TesseraCliOptions *options,
                TesseraStore            *store,
                const char              *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TesseraPlayerStats) stats = tessera_store_get_player_stats (store, name, &error);
  g_autoptr(GPtrArray) everyone = NULL;
  g_autoptr(JsonBuilder) builder = NULL;

  /* A name the history does not know names nothing: wrong usage, as a game number that is no
   * number is, not a failure of the history (doc/cli.md, "Exit status"). */
  if (stats == NULL && g_error_matches (error, TESSERA_STORE_ERROR, TESSERA_STORE_ERROR_NOT_FOUND))
    {
      tessera_cli_fail (EXIT_USAGE, "%s", error->message);
      g_printerr ("%s\n", _("Try 'tessera-cli history players'."));
      return EXIT_USAGE;
    }
  if (stats == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);
  everyone = tessera_store_list_player_stats (store, &error);
  if (everyone == NULL)
    return tessera_cli_fail (EXIT_FILE, "%s", error->message);

  if (options->json)
    {
      builder = json_builder_new ();
      json_builder_begin_object (builder);
      add_stats_json (builder, stats);
      json_builder_set_member_name (builder, "categories");
      json_builder_begin_object (builder);
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        {
          json_builder_set_member_name (builder, tessera_category_name (c));
          json_builder_add_double_value (builder, stats->category_average[c]);
        }
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "opponents");
      json_builder_begin_array (builder);
    }
  else
    {
      g_autoptr(GString) line = g_string_new (NULL);

      print_stats_line (stats);
      for (guint c = 0; c < TESSERA_N_CATEGORIES; c++)
        g_string_append_printf (line, "%s%s %.1f", c > 0 ? ", " : "", tessera_cli_category_phrase (c),
                                stats->category_average[c]);
      /* TRANSLATORS: "  points per game: road 8.2, city 20.1, ..." */
      g_print (_("  points per game: %s\n"), line->str);
    }

  for (guint i = 0; i < everyone->len; i++)
    {
      const TesseraPlayerStats *other = g_ptr_array_index (everyone, i);
      TesseraHeadToHead together;

      if (other->id == stats->id)
        continue;
      if (!tessera_store_get_head_to_head (store, stats->name, other->name, &together, &error))
        return tessera_cli_fail (EXIT_FILE, "%s", error->message);
      if (together.n_games == 0)
        continue;
      if (builder != NULL)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, other->name);
          json_builder_set_member_name (builder, "games");
          json_builder_add_int_value (builder, together.n_games);
          json_builder_set_member_name (builder, "ahead");
          json_builder_add_int_value (builder, together.n_first_ahead);
          json_builder_set_member_name (builder, "behind");
          json_builder_add_int_value (builder, together.n_second_ahead);
          json_builder_set_member_name (builder, "level");
          json_builder_add_int_value (builder, together.n_level);
          json_builder_end_object (builder);
        }
      else
        {
          g_autofree char *games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", together.n_games),
                                                    together.n_games);

          /* TRANSLATORS: "  against Bram: 11 games, ahead in 6, behind in 4, level in 1" */
          g_print (_("  against %s: %s, ahead in %u, behind in %u, level in %u\n"), other->name, games,
                   together.n_first_ahead, together.n_second_ahead, together.n_level);
        }
    }

  if (builder != NULL)
    {
      g_autoptr(JsonNode) root = NULL;

      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      tessera_cli_print_json (root);
    }
  return EXIT_OK;
}

/* history [--json] [--db PATH] games|players|player NAME: the games in the history, every
 * player's results, or one player's with how they fared against each other player. */
int
tessera_cli_command_history (const TesseraCliOptions *options)
{
  g_autoptr(TesseraStore) store = NULL;
  const char *view = options->file;
  gboolean player = g_str_equal (view, "player");
  int code;

  if (!(g_str_equal (view, "games") || g_str_equal (view, "players") || player) ||
      (player != (options->tile != NULL)))
    return tessera_cli_usage_error (_("history shows games, players, or player NAME"));
  code = tessera_cli_open_store (options, &store);
  if (code != EXIT_OK)
    return code;
  if (g_str_equal (view, "games"))
    return history_games (options, store);
  if (g_str_equal (view, "players"))
    return history_players (options, store);
  return history_player (options, store, options->tile);
}
