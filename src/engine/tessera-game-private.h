/* tessera-game-private.h
 *
 * Copyright 2026 The Tessera developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "tessera-choice.h"
#include "tessera-game.h"

G_BEGIN_DECLS

/* The game's state, shared by the files of the engine that implement expansions: each has a
 * narrow hook into the turn (tessera-wheel.c: the wheel before the tile is placed, and crown
 * spaces as a deployment). Nothing outside src/engine includes this. */

#define TESSERA_WHEEL_SEGMENTS 6

typedef enum
{
  WHEEL_NOTHING,
  WHEEL_FORTUNA,
  WHEEL_TAXES,
  WHEEL_FAMINE,
  WHEEL_STORM,
  WHEEL_INQUISITION,
  WHEEL_PLAGUE,
} WheelAction;
#define TESSERA_WHEEL_CROWNS 2

/* A copy of the record's header in one block: tessera-game-setup.c */
typedef struct _GameSetup GameSetup;

/* The game's copy of the record's header. Every replay makes one, so it is a single block
 * (the pointer arrays and the strings follow the struct) rather than a TesseraRecord with an
 * allocation per string, which cost a replay as much as its wheel actions. */
struct _GameSetup
{
  guint        n_players;
  const char  *names[TESSERA_MAX_PLAYERS];
  const char  *colors[TESSERA_MAX_PLAYERS];
  guint        n_sets;
  const char **sets;
  const char  *start;
  gboolean     has_rules;
  gboolean     tower_capture_own;
  gboolean     tower_top_capturable;
  guint        n_crop_circle_tiles;
  const char **crop_circle_tiles;     /* NULL when the record leaves them out */
  guint        n_box;                 /* the record's box corrections */
  TesseraBoxCount *box;
  gboolean     has_played;
  TesseraPlayed played;               /* when and where, if has_played */
};

/* The boxes a game may be played with, a bit each in the order of _tessera_game_boxes. */
#define TESSERA_GAME_N_BOXES 5
#define WHEEL_BOX_BIT (1u << 1)
#define TOWER_BOX_BIT (1u << 2)
#define MAGE_WITCH_BOX_BIT (1u << 3)
#define CROP_CIRCLES_BOX_BIT (1u << 4)
extern const char * const _tessera_game_boxes[TESSERA_GAME_N_BOXES];

struct _TesseraGame
{
  GObject           parent_instance;

  /* Fixed when the game is made */
  TesseraCatalogue *catalogue;
  GameSetup        *setup;            /* the record's header, no events */
  guint             n_players;
  const char       *player_names[TESSERA_MAX_PLAYERS + 1];   /* setup's, NULL-terminated */
  const GArray     *box;              /* TesseraSupplyEntry: every kind of tile in the boxes, full */
  const gint16     *box_by_kind;      /* type index x 4 + wheel number -> index in box, or -1 */
  const TesseraBoard *start_board;    /* the table before the first turn, shared by every game */
  const GArray     *catalogue_box;    /* TesseraSupplyEntry: the box as the catalogue has it, shared */
  const gint16     *catalogue_box_by_kind;
  GArray           *own_box;          /* the box as the record corrects it, or NULL: box is shared */
  gint16           *own_box_by_kind;  /* box_by_kind with the kinds a correction added, or NULL */
  guint             n_box_by_kind;
  const TesseraTileType   *start_tile;  /* the start tile at [0, 0], or NULL */
  const TesseraWheelBoard *wheel;       /* the wheel board as the start, or NULL */
  gboolean          tower;             /* The Tower is in play */
  gboolean          mage_witch;        /* Mage & Witch is in play */
  gboolean          crop_circles;      /* crop-circle tiles are in play */
  gboolean          tower_capture_own;    /* rule options, see TesseraRecord */
  gboolean          tower_top_capturable;
  const WheelAction *wheel_actions;    /* TESSERA_WHEEL_SEGMENTS, with the wheel board */

  /* The state, rebuilt by replay */
  TesseraBoard     *board;
  /* The TesseraBoxEntry of each board tile, NULL for what lay there at the start. A plain
   * array: a turn appends to it, and a GLib call per turn shows in a replay. */
  const TesseraBoxEntry **placed;
  guint             n_placed;
  guint             placed_size;
  GArray           *supply;           /* TesseraSupplyEntry, parallel to box */
  guint             tiles_left;
  /* Plain arrays rather than GArrays: turns append to them all the time, and a GLib call each
   * time shows in a replay. */
  TesseraPiece      pieces[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];   /* on land, in the order they were placed */
  guint             n_pieces;
  /* The pieces on cloisters again, in the same order: every turn looks for the monks around the
   * new tile, and they are far fewer than the pieces. */
  TesseraPiece      monks[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER];
  guint             n_monks;
  guint             followers[TESSERA_MAX_PLAYERS];
  /* Of those, the ones the scoring of the last turn sent home: they go out again only from
   * their owner's next turn (C10), so that turn's crop circle cannot add them. */
  guint             home_this_turn[TESSERA_MAX_PLAYERS];
  int               scores[TESSERA_MAX_PLAYERS][TESSERA_N_CATEGORIES];
  guint             current_player;
  gboolean          finished;
  /* B11: finished because the box has no tile left after the last turn, and no "end" has
   * come since: a box corrected to hold more opens the game again. */
  gboolean          ended_by_last_tile;
  TesseraScoreEvent *score_events;
  guint             n_score_events;
  guint             score_events_size;
  guint             pig;              /* the wheel segment the pig stands on */
  gboolean          dirty;            /* the event being applied changed the state already */
  int               crowns[TESSERA_WHEEL_SEGMENTS][TESSERA_WHEEL_CROWNS];  /* player, or -1 */
  int               magic[2];         /* the segments of the mage and the witch, or -1 */
  GArray           *towers;           /* TesseraTower, in the order they were started */
  guint             tower_pieces[TESSERA_MAX_PLAYERS];
  guint             prisoners[TESSERA_MAX_PLAYERS][TESSERA_MAX_PLAYERS];  /* [captor][owner] */
  /* Only in a preview's copy: every piece that leaves the board, so that a follower placed and
   * sent home by the same move is seen (the states before and after do not show it). */
  GArray           *departures;       /* TesseraPiece, or NULL */

  /* The log */
  /* TesseraEvent applied, in order, a reference each. A plain array: every event appends to
   * it, and a GLib call per event shows in a replay. */
  TesseraEvent    **events;
  guint             n_events;
  guint             events_size;
  GPtrArray        *undone;           /* TesseraEvent undone, most recent last */
  /* The state after every TESSERA_GAME_CHECKPOINT_EVERY events, made as a replay passes them:
   * [k] is the state after (k + 1) * TESSERA_GAME_CHECKPOINT_EVERY events. Games without a log
   * of their own (only their state is read), shared by the copies of the game. */
  GPtrArray        *checkpoints;
};

#define TESSERA_GAME_CHECKPOINT_EVERY 16

/* Trying moves (tessera-game.c) */
TesseraGame        *_tessera_game_new_trial            (TesseraGame         *from);
void                _tessera_game_reset_trial          (TesseraGame         *trial,
                                                        TesseraGame         *from);

/* The game's header (tessera-game-setup.c; replacing it, tessera-game.c) */
GameSetup          *_tessera_game_setup_new            (const TesseraRecord *record);
gboolean            _tessera_game_setup_has_set        (const GameSetup     *setup,
                                                        const char          *set);
TesseraRecord      *_tessera_game_setup_to_record      (const GameSetup     *setup);
void                _tessera_game_replace_setup        (TesseraGame         *self,
                                                        const TesseraRecord *header);
void                _tessera_game_setup_get_box_sets   (const GameSetup     *setup,
                                                        TesseraBoxSets      *sets);

/* The box (tessera-game-box.c) */
gboolean            _tessera_game_collect_box          (TesseraGame         *self,
                                                        guint                mask,
                                                        GError             **error);
gboolean            _tessera_game_correct_box          (TesseraGame         *self,
                                                        GError             **error);
TesseraSupplyEntry *_tessera_game_check_draw           (TesseraGame         *self,
                                                        const TesseraEvent  *event,
                                                        GError             **error);

/* Scoring the base game's features (tessera-game-scoring.c) */

/* A feature that holds followers, with each player's followers in it. */
typedef struct
{
  guint              root;
  TesseraFeatureKind kind;
  guint              counts[TESSERA_MAX_PLAYERS];
} HeldFeature;

guint               _tessera_game_gather_held_features (TesseraGame     *self,
                                                        HeldFeature      held[TESSERA_MAX_PLAYERS * TESSERA_FOLLOWERS_PER_PLAYER]);
guint               _tessera_game_find_winners         (const guint      counts[TESSERA_MAX_PLAYERS]);
void                _tessera_game_feature_points       (TesseraGame              *self,
                                                        guint                     root,
                                                        const TesseraFeatureInfo *info,
                                                        gboolean                  final,
                                                        TesseraScoreEvent        *score);
void                _tessera_game_score_completed_features (TesseraGame     *self,
                                                            guint                index);
void                _tessera_game_score_final          (TesseraGame         *self);

gboolean _tessera_game_rule_error     (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       GError                 **error,
                                       const char              *format,
                                       ...) G_GNUC_PRINTF (4, 5);
void     _tessera_game_add_score      (TesseraGame             *self,
                                       const TesseraScoreEvent *score);
void     _tessera_game_locate_feature (TesseraGame             *self,
                                       guint                    root,
                                       TesseraScoreEvent       *score);
void     _tessera_game_add_piece      (TesseraGame             *self,
                                       const TesseraPiece      *piece);
void     _tessera_game_remove_piece   (TesseraGame             *self,
                                       guint                    piece);
void     _tessera_game_take_back      (TesseraGame             *self,
                                       guint                    piece);
int      _tessera_game_find_piece     (TesseraGame             *self,
                                       int                      player,
                                       TesseraCell              at,
                                       const char              *spot,
                                       GError                 **error);

/* The Wheel of Fortune: tessera-wheel.c */
void     _tessera_wheel_read_actions  (const TesseraWheelBoard *wheel,
                                       WheelAction              actions[TESSERA_WHEEL_SEGMENTS]);
void     _tessera_wheel_lay_board     (const TesseraWheelBoard *wheel,
                                       TesseraBoard            *board);
void     _tessera_wheel_reset         (TesseraGame             *self);
gboolean _tessera_wheel_spin          (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       guint                    number,
                                       GError                 **error);
gboolean _tessera_wheel_check_crown   (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       guint                   *segment,
                                       guint                   *space,
                                       GError                 **error);
int      _tessera_wheel_crown_points  (guint                    n_crowns,
                                       guint                    n_occupied);
void     _tessera_wheel_deploy        (TesseraGame             *self,
                                       guint                    player,
                                       guint                    segment,
                                       guint                    space);

/* Mage & Witch: tessera-magic.c */
gboolean _tessera_magic_turn          (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       const TesseraPlacedTile *placed,
                                       GError                 **error);
void     _tessera_magic_completed     (TesseraGame             *self,
                                       guint                    root);
void     _tessera_magic_modify        (TesseraGame             *self,
                                       guint                    root,
                                       TesseraScoreEvent       *score);

/* Crop circles: tessera-crop.c */
gboolean _tessera_crop_turn           (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       const TesseraPlacedTile *placed,
                                       GError                 **error);

/* The Tower: tessera-tower.c */
void     _tessera_tower_reset         (TesseraGame             *self);
gboolean _tessera_tower_check         (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       GError                 **error);
void     _tessera_tower_act           (TesseraGame             *self,
                                       const TesseraEvent      *event);
gboolean _tessera_tower_ransom        (TesseraGame             *self,
                                       const TesseraEvent      *event,
                                       GError                 **error);
void     _tessera_game_replay         (TesseraGame             *self);
gboolean _tessera_tower_has_top       (TesseraGame             *self,
                                       guint                    player,
                                       TesseraCell              at,
                                       const char              *spot);

/* Choices (tessera-choice.c), and the towers' own (tessera-tower.c) */
void     _tessera_choice_init_on_board (TesseraChoice          *choice,
                                        TesseraChoiceKind       kind,
                                        TesseraGame            *game,
                                        TesseraBoard           *board,
                                        guint                   segment,
                                        int                     player);
void     _tessera_choice_init_cell    (TesseraChoice           *choice,
                                       TesseraChoiceKind        kind,
                                       TesseraCell              cell,
                                       int                      player);

G_END_DECLS
