/* The optional compiled form of generation.generate (decisions E19).
 *
 * The same breadth-first search, in the same order, over the same packed
 * boards (4 bits per own point, nibble 0 = borne off; unsigned __int128 here),
 * with the single-step rule of rules/step.py transcribed line by line (its
 * tables are not written here: Python hands them over once, see
 * generation_kernel.py).  Only the per-step R6 check is done here: under
 * end-of-turn-block the Python search runs.  tests/rules/test_generation_kernel.py
 * compares both on every roll of thousands of positions.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 board;

/* tables from step.py, index as there: FACING[0..25], UNDER[0..25], NEAR[0..24],
   ABOVE[0..24], BELOW[t][0..4] and BEYOND[t][0..4] (0 = end), FLIP[0..24] */
static board FACING[26], UNDER[26], NEAR[25], ABOVE[25], BELOW[25][6], BEYOND[25][6];
static int FLIP[25];

#define NIB(p) (((board)15) << (4 * (p)))
#define ONE(p) (((board)1) << (4 * (p)))

static board get(const uint64_t *t, int i) { return ((board)t[2 * i + 1] << 64) | t[2 * i]; }

/* tables: 26 FACING, 26 UNDER, 25 NEAR, 25 ABOVE, 25*6 BELOW, 25*6 BEYOND (each lo, hi);
   flip: 25 ints */
void narde_init(const uint64_t *t, const int32_t *flip) {
    int k = 0;
    for (int i = 0; i < 26; i++) FACING[i] = get(t, k++);
    for (int i = 0; i < 26; i++) UNDER[i] = get(t, k++);
    for (int i = 0; i < 25; i++) NEAR[i] = get(t, k++);
    for (int i = 0; i < 25; i++) ABOVE[i] = get(t, k++);
    for (int i = 0; i < 25; i++) for (int j = 0; j < 6; j++) BELOW[i][j] = get(t, k++);
    for (int i = 0; i < 25; i++) for (int j = 0; j < 6; j++) BEYOND[i][j] = get(t, k++);
    for (int i = 0; i < 25; i++) FLIP[i] = flip[i];
}

static int makes_block(board st, int t, board opp) {  /* step.py _makes_block */
    int n = 0;
    for (int j = 0; j < 5 && BELOW[t][j]; j++) {
        if (!(st & BELOW[t][j])) break;
        n++;
    }
    if (opp & UNDER[FLIP[t] - n]) return 0;
    for (int j = 0; j < 5 && BEYOND[t][j]; j++) {
        if (n >= 5) return 1;
        if (!(st & BEYOND[t][j])) return 0;
        n++;
    }
    return n >= 5;
}

/* step.py step(st, p, d, opp, floor, block): the new board, or 0 when refused
   (a board is never 0: it holds 15 checkers); inlined, so each constant
   block compiles to its own code */
static inline board step_rule(board st, int p, int d, board opp, int floor, int block) {
    if (!(st & NIB(p))) return 0;
    int t = p - d;
    if (t > 0) {
        if (opp & FACING[t]) return 0;
        if (p == 24 && (int)(st >> 96) <= floor) return 0;
        board nw = st - ONE(p) + ONE(t);
        if (block && !(st & NIB(t)) && (nw & NEAR[t]) && makes_block(nw, t, opp)) return 0;
        return nw;
    }
    if (st >> 28) return 0;
    if (t && (st & ABOVE[p])) return 0;
    return st - ONE(p) + 1;
}

/* step.py step with block=True (R6 at every step) */
static board step(board st, int p, int d, board opp, int floor) {
    return step_rule(st, p, d, opp, floor, 1);
}

/* a slot of a layer's hash set: a board (its two words) and its index in
   the layer, valid while its stamp is the layer's (emptying a layer is a new
   stamp, not a clearing) */
typedef struct {
    uint64_t lo, hi;
    int32_t at;
    uint32_t stamp;
} slot;

/* a layer: boards in order of discovery, each with its parent's index in the
   layer it came from, the point it left and the die; a hash set over the boards */
typedef struct {
    board *b;
    int32_t *parent;
    uint8_t *point, *die;
    int n, cap;
    slot *slots;
    int nslots, shift; /* slots: a power of two, 2^(64 - shift) */
    uint32_t stamp;
} layer;

/* a board's slot to look at first: multiplicative hashing (the top bits of
   the product; each word times an odd constant, Knuth's golden ratio and
   xxHash's) */
static uint64_t first_slot(uint64_t lo, uint64_t hi, int shift) {
    return (lo * 0x9E3779B97F4A7C15ULL ^ hi * 0xC2B2AE3D27D4EB4FULL) >> shift;
}

static int grow_slots(layer *L) {
    int ns = L->nslots ? 2 * L->nslots : 64, shift = L->nslots ? L->shift - 1 : 58;
    slot *s = calloc((size_t)ns, sizeof(slot));
    if (!s) return 0;
    if (!L->stamp) L->stamp = 1;  /* calloc's stamps 0: empty */
    for (int i = 0; i < L->n; i++) {
        uint64_t lo = (uint64_t)L->b[i], hi = (uint64_t)(L->b[i] >> 64);
        uint64_t h = first_slot(lo, hi, shift);
        while (s[h].stamp == L->stamp) h = (h + 1) & (ns - 1);
        s[h] = (slot){lo, hi, i, L->stamp};
    }
    free(L->slots);
    L->slots = s;
    L->nslots = ns;
    L->shift = shift;
    return 1;
}

/* L's board arrays doubled; 0 out of memory */
static int grow(layer *L) {
    int nc = L->cap ? 2 * L->cap : 64;
    board *nb = realloc(L->b, sizeof(board) * nc);
    if (!nb) return 0;
    L->b = nb;
    int32_t *np_ = realloc(L->parent, sizeof(int32_t) * nc);
    if (!np_) return 0;
    L->parent = np_;
    uint8_t *pt = realloc(L->point, nc), *dt;
    if (!pt) return 0;
    L->point = pt;
    dt = realloc(L->die, nc);
    if (!dt) return 0;
    L->die = dt;
    L->cap = nc;
    return 1;
}

/* b added at the end of L, its slot table not kept: for a layer whose boards
   are distinct by construction (one step each from one board: each point
   gives another board), never searched; 0 out of memory */
static int append(layer *L, board b, int parent, int p, int d) {
    if (L->n == L->cap && !grow(L)) return 0;
    L->b[L->n] = b;
    L->parent[L->n] = parent;
    L->point[L->n] = (uint8_t)p;
    L->die[L->n] = (uint8_t)d;
    L->n++;
    return 1;
}

/* the index of b in L, added at the end when absent; -1 out of memory */
static int place(layer *L, board b, int parent, int p, int d) {
    if (2 * (L->n + 1) > L->nslots && !grow_slots(L)) return -1;
    uint64_t lo = (uint64_t)b, hi = (uint64_t)(b >> 64);
    uint64_t h = first_slot(lo, hi, L->shift);
    while (L->slots[h].stamp == L->stamp) {
        if (L->slots[h].lo == lo && L->slots[h].hi == hi) return L->slots[h].at;
        h = (h + 1) & (L->nslots - 1);
    }
    if (L->n == L->cap && !grow(L)) return -1;
    L->slots[h] = (slot){lo, hi, L->n, L->stamp};
    L->b[L->n] = b;
    L->parent[L->n] = parent;
    L->point[L->n] = (uint8_t)p;
    L->die[L->n] = (uint8_t)d;
    return L->n++;
}

/* add b unless present: 1 added, 0 present, -1 out of memory */
static int add(layer *L, board b, int parent, int p, int d) {
    int n = L->n, at = place(L, b, parent, p, d);
    return at < 0 ? -1 : L->n > n;
}

static void release(layer *L) {
    free(L->b); free(L->parent); free(L->point); free(L->die); free(L->slots);
    memset(L, 0, sizeof(*L));
}

/* L with no boards, its memory kept for the next search */
static void empty(layer *L) {
    L->n = 0;
    if (++L->stamp == 0) {  /* the stamps wrapped: cleared once in 2^32 */
        if (L->slots) memset(L->slots, 0, sizeof(slot) * (size_t)L->nslots);
        L->stamp = 1;
    }
}

#define LAYERS 5 /* a search's layers */

/* how expand adds a board: unless there (its parent i), unless there with its
   parent marked -2 - i (the second order of a non-double), or at the end
   without a look (FRESH: `to` empty and never searched, `from` one board,
   whose steps are distinct: each point gives another board) */
enum { UNLESS_THERE, MARKED, FRESH };

/* the points (bits 0..24: 0 = off) where b has checkers: each nibble's
   flag, then the flags packed (two a byte, four a 16-bit lane, ...) */
static uint32_t occupied(board b) {
    uint64_t w[2] = {(uint64_t)b, (uint64_t)(b >> 64)};
    for (int h = 0; h < 2; h++) {
        uint64_t x = w[h];
        x = (x | x >> 1 | x >> 2 | x >> 3) & 0x1111111111111111ULL;
        x = (x | x >> 3) & 0x0303030303030303ULL;
        x = (x | x >> 6) & 0x000F000F000F000FULL;
        x = (x | x >> 12) & 0x000000FF000000FFULL;
        w[h] = (x | x >> 24) & 0xFFFF;
    }
    return (uint32_t)(w[0] | w[1] << 16) & 0x1FFFFFF;
}

/* the points t (bits 1..24) closed to the mover by opp (R4: FACING) */
static uint32_t closed_points(board opp) {
    uint32_t closed = 0;
    for (int t = 1; t <= 24; t++)
        if (opp & FACING[t]) closed |= 1u << t;
    return closed;
}

/* generation.py _expand: every board one legal step of d away from `from`, in
   order (boards of `from` in order, their points from 1 up), into `to`.  Only
   the points a step can leave are tried (step decides): those with a checker
   whose landing point t = p - d is open (closed: closed_points(opp)), and,
   all checkers home, those that bear off (p <= d). */
static int expand(const layer *from, layer *to, int d, board opp, uint32_t closed, int floor,
                  int how) {
    for (int i = 0; i < from->n; i++) {
        board st = from->b[i];
        uint32_t occ = occupied(st);
        uint32_t tried = ((occ >> d) & ~closed & 0x1FFFFFE) << d;
        if (!(st >> 28)) tried |= occ & ((2u << d) - 2);
        int parent = how == MARKED ? -2 - i : i;
        for (; tried; tried &= tried - 1) {
            int p = __builtin_ctz(tried);
            board nw = step(st, p, d, opp, floor);
            if (nw && (how == FRESH ? !append(to, nw, i, p, d) : add(to, nw, parent, p, d) < 0))
                return 0;
        }
    }
    return 1;
}

/* generation.py generate's search: fills L[0..4]; returns
   the index of the layer of the end boards (*from_of, *max_dice, *single_die as
   there), -1 out of memory.  L's memory is the caller's (zeroed once, released
   once: searches in turn reuse it). */
static int search(layer L[LAYERS], int from_of[5], board me, board opp, int d1, int d2,
                  int floor, int32_t *max_dice, int32_t *single_die) {
    for (int k = 0; k < LAYERS; k++) empty(&L[k]);
    int ok = append(&L[0], me, -1, 0, 0);
    /* chain[k]: the layer index of each generation step; for a non-double the
       final layer merges two searches: hi1 (L1) -> L3, lo1 (L2) -> L3 */
    int final = 0, dice = 0, single = 0;
    uint32_t closed = closed_points(opp);
    for (int k = 0; k < 5; k++) from_of[k] = 0;
    if (ok && d1 == d2) {
        int k = 0;
        for (; k < 4; k++) {
            if (!expand(&L[k], &L[k + 1], d1, opp, closed, floor, k ? UNLESS_THERE : FRESH)) {
                ok = 0;
                break;
            }
            from_of[k + 1] = k;
            if (!L[k + 1].n) break;
        }
        if (ok) {
            int top = k < 4 ? k : 4;  /* deepest non-empty layer */
            while (top > 0 && !L[top].n) top--;
            final = top;
            dice = top;
            single = top == 1 ? d1 : 0;
        }
    } else if (ok) {
        /* L1 = hi1, L2 = lo1, L3 = both */
        ok = expand(&L[0], &L[1], d1, opp, closed, floor, FRESH)
             && expand(&L[0], &L[2], d2, opp, closed, floor, FRESH);
        if (ok) {
            /* both: hi1's answers, then lo1's not already there (parents into L2,
               marked -2 - i, by die d1 at their second step) */
            ok = expand(&L[1], &L[3], d2, opp, closed, floor, UNLESS_THERE)
                 && expand(&L[2], &L[3], d1, opp, closed, floor, MARKED);
        }
        if (ok) {
            if (L[3].n) { final = 3; dice = 2; }
            else if (L[1].n) { final = 1; dice = 1; single = d1; }
            else if (L[2].n) { final = 2; dice = 1; single = d2; }
            else { final = 0; dice = 0; }
        }
    }
    *max_dice = dice;
    *single_die = single;
    return ok ? final : -1;
}

/* Writes three words per end board: its low and high 64 bits, then its steps
   in play order, one (point, die) byte pair each from the lowest byte up (0
   after the last); returns how many boards, -1 when more than cap or out of
   memory.  *max_dice and *single_die as generation.Generated. */
int narde_generate(uint64_t me_lo, uint64_t me_hi, uint64_t opp_lo, uint64_t opp_hi,
                   int d1, int d2, int floor, int cap, uint64_t *out,
                   int32_t *max_dice, int32_t *single_die) {
    board me = ((board)me_hi << 64) | me_lo, opp = ((board)opp_hi << 64) | opp_lo;
    layer L[LAYERS];
    memset(L, 0, sizeof(L));
    int from_of[5];
    int final = search(L, from_of, me, opp, d1, d2, floor, max_dice, single_die);
    int n = final >= 0 ? L[final].n : -1;
    if (n > cap) n = -1;
    for (int i = 0; i < n; i++) {
        board b = L[final].b[i];
        out[3 * i] = (uint64_t)b;
        out[3 * i + 1] = (uint64_t)(b >> 64);
        uint8_t chain[8];
        int len = 0, layer_at = final, at = i;
        while (layer_at > 0) {
            chain[2 * len] = L[layer_at].point[at];
            chain[2 * len + 1] = L[layer_at].die[at];
            len++;
            int parent = L[layer_at].parent[at];
            if (d1 == d2) layer_at = from_of[layer_at];
            else if (layer_at == 3) layer_at = parent >= 0 ? 1 : 2;
            else layer_at = 0;
            at = parent >= 0 ? parent : -2 - parent;
        }
        uint64_t path = 0;
        for (int s = 0; s < len; s++)  /* the first step played is the last one found */
            path |= (uint64_t)(chain[2 * s] | chain[2 * s + 1] << 8) << (16 * (len - 1 - s));
        out[3 * i + 2] = path;
    }
    for (int k = 0; k < LAYERS; k++) release(&L[k]);
    return n;
}

/* The end boards of several rolls of one position (the luck of a roll,
   analysis/luck.py): roll k is rolls[3k], rolls[3k + 1] (d1 >= d2) with the
   head floor rolls[3k + 2], searched as narde_generate (a pass: the start
   board).  Writes the distinct end boards of all the rolls in order of first
   appearance, two words each (low, high 64 bits), into boards; the row of each
   roll's end boards in turn, in narde_generate's order, into rows; and how
   many end boards each roll has into counts.  Returns how many distinct
   boards, -1 when more than cap (distinct boards or rows) or out of memory. */
int narde_generate_rolls(uint64_t me_lo, uint64_t me_hi, uint64_t opp_lo, uint64_t opp_hi,
                         int nrolls, const int32_t *rolls, int cap, uint64_t *boards,
                         int32_t *rows, int32_t *counts) {
    board me = ((board)me_hi << 64) | me_lo, opp = ((board)opp_hi << 64) | opp_lo;
    layer U, L[LAYERS];
    memset(&U, 0, sizeof(U));
    memset(L, 0, sizeof(L));
    int m = 0, ok = 1;
    for (int k = 0; ok && k < nrolls; k++) {
        int from_of[5];
        int32_t dice, single;
        int final = search(L, from_of, me, opp, rolls[3 * k], rolls[3 * k + 1],
                           rolls[3 * k + 2], &dice, &single);
        if (final < 0 || m + L[final].n > cap) ok = 0;
        for (int i = 0; ok && i < L[final].n; i++) {
            int at = place(&U, L[final].b[i], 0, 0, 0);
            if (at < 0 || U.n > cap) ok = 0;
            else rows[m++] = at;
        }
        if (ok) counts[k] = L[final].n;
    }
    for (int j = 0; j < LAYERS; j++) release(&L[j]);
    int n = ok ? U.n : -1;
    for (int i = 0; i < n; i++) {
        boards[2 * i] = (uint64_t)U.b[i];
        boards[2 * i + 1] = (uint64_t)(U.b[i] >> 64);
    }
    release(&U);
    return n;
}

/* The quick reading's rules (narde_quick_turns's flags): R6 checked on the
   final board only (end-of-turn-block), R5's variants. */
#define EOT 1
#define HEAD_64 2
#define HEAD_STRICT 4
/* a word's flag: a pass written (no moves), bit 52 above the four legs */
#define PASS ((uint64_t)1 << 52)

/* step.py illegal_block: six consecutive points (along the opponent's path)
   with no opposing checker on the board below the lowest */
static int illegal_block(board st, board opp) {
    board occ = 0;
    for (int p = 1; p <= 24; p++)
        if (st & NIB(p)) occ |= ONE(FLIP[p]);
    board run = occ & occ >> 4 & occ >> 8 & occ >> 12 & occ >> 16 & occ >> 20;
    if (!run) return 0;
    int q = 0;
    while (!(run & ONE(q))) q++;
    return !(opp & UNDER[q]);
}

/* step.py head_allowance: how many checkers may leave the head (R5) */
static int head_allowance(int first, int d1, int d2, board opp, int flags) {
    if (!first || d1 != d2) return 1;
    if (!(d1 == 6 || d1 == 4 || (d1 == 3 && !(flags & HEAD_64)))) return 1;
    if (flags & HEAD_STRICT) {
        int point = 24;
        for (int k = 0; k < 4; k++) {
            point -= d1;
            if (opp & FACING[point]) return point == 12 ? 2 : 1;
        }
        return 1;
    }
    return 2;
}

/* a step under the reading's rules: block=False under end-of-turn-block (R6
   on the final board) */
static board step_as(board st, int p, int d, board opp, int floor, int eot) {
    return eot ? step_rule(st, p, d, opp, floor, 0) : step(st, p, d, opp, floor);
}

/* what a quick reading reached: the end board (0: not shown legal), the dice
   it used, the die of its first step */
typedef struct {
    board st;
    int used, die;
} reading;

/* turn_check.py _bear_off_alone: a non-double written as the one move a/off,
   its readings in the search's order (both dice, the higher first, then the
   lower first, when one die is too small; then one die, the higher, then the
   lower); the first legal one */
static reading bear_off_alone(board me, int a, int d1, int d2, board opp, int floor, int eot) {
    int plans[4][2], len[4], k = 0;
    if (d1 < a && a <= d1 + d2) { plans[k][0] = d1; plans[k][1] = d2; len[k++] = 2; }
    if (d2 < a && a <= d1 + d2) { plans[k][0] = d2; plans[k][1] = d1; len[k++] = 2; }
    if (d1 >= a) { plans[k][0] = d1; len[k++] = 1; }
    if (d2 >= a) { plans[k][0] = d2; len[k++] = 1; }
    for (int i = 0; i < k; i++) {
        board st = me;
        int p = a;
        for (int j = 0; st && j < len[i]; j++) {
            st = step_as(st, p, plans[i][j], opp, floor, eot);
            p -= plans[i][j];
        }
        if (st && !(eot && illegal_block(st, opp))) return (reading){st, len[i], plans[i][0]};
    }
    return (reading){0, 0, 0};
}

/* turn_check.py's quick reading of one non-double turn (_read_roll): the legs
   of word (see narde_quick_turns) in written order, each taking the first
   fitting dice: the higher, the lower, both (higher first, else lower first),
   the lower first when bearing off; a turn written as one bear-off by
   bear_off_alone.  st 0 when the reading does not show the turn legal (or
   bears off with one die of two: other readings may use both). */
static reading read_roll(board st, board opp, int floor, int d1, int d2, uint64_t word, int eot) {
    int n = (int)(word >> 9) & 7, free1 = 1, free2 = 1, used = 0, first_die = 0, off_first = 0;
    reading none = {0, 0, 0};
    if (n == 1 && ((word >> 17) & 31) == 0)
        return bear_off_alone(st, (int)(word >> 12) & 31, d1, d2, opp, floor, eot);
    for (int i = 0; i < n; i++) {
        int a = (int)(word >> (12 + 10 * i)) & 31, b = (int)(word >> (17 + 10 * i)) & 31, d;
        if (b == 0) {
            if (free2 && d2 >= a) { free2 = 0; d = d2; }
            else if (free1 && d1 >= a) { free1 = 0; d = d1; }
            else return none;
        } else if (a - b == d1 && free1) { free1 = 0; d = d1; }
        else if (a - b == d2 && free2) { free2 = 0; d = d2; }
        else if (a - b == d1 + d2 && free1 && free2) {
            free1 = free2 = 0;
            int x = d1;
            board nw = step_as(st, a, d1, opp, floor, eot);
            if (nw) nw = step_as(nw, a - d1, d2, opp, floor, eot);
            if (!nw) {
                x = d2;
                nw = step_as(st, a, d2, opp, floor, eot);
                if (nw) nw = step_as(nw, a - d2, d1, opp, floor, eot);
            }
            if (!nw) return none;
            if (!used) first_die = x;
            st = nw;
            used += 2;
            continue;
        } else return none;
        st = step_as(st, a, d, opp, floor, eot);
        if (!st) return none;
        if (!used) { first_die = d; off_first = a <= d; }
        used++;
    }
    if (used < 2 && used && off_first) return none;  /* one die borne off of two */
    return (reading){st, used, first_die};
}

/* _read_double: each leg as many dice as its distance needs (to bear off: as
   many as reach off), in written order, four at most. */
static reading read_double(board st, board opp, int floor, int d, uint64_t word, int eot) {
    int n = (int)(word >> 9) & 7, left = 4;
    reading none = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        int a = (int)(word >> (12 + 10 * i)) & 31, b = (int)(word >> (17 + 10 * i)) & 31, k;
        if (b == 0) k = (a + d - 1) / d;
        else {
            if ((a - b) % d) return none;
            k = (a - b) / d;
        }
        left -= k;
        if (left < 0) return none;
        for (int j = 0; j < k; j++, a -= d) {
            st = step_as(st, a, d, opp, floor, eot);
            if (!st) return none;
        }
    }
    return (reading){st, 4 - left, d};
}

/* R7 for a reading of `used` dice of fewer than rolled, or a pass (used 0):
   1 when no turn uses more (turn_check.py fewer_dice, generation.py generate's
   max_dice and single_die: the compiled search of the roll), nor is the
   higher die the only one playable where the lower was played; 0 when it is
   not so or the search gave up (Python then explains or settles it). */
static int fewest_is_most(board me, board opp, int d1, int d2, int floor, int used, int die) {
    layer L[LAYERS];
    memset(L, 0, sizeof(L));
    int from_of[5];
    int32_t dice = 0, single = 0;
    int final = search(L, from_of, me, opp, d1, d2, floor, &dice, &single);
    for (int k = 0; k < LAYERS; k++) release(&L[k]);
    if (final < 0 || used != dice) return 0;
    return !(used == 1 && d1 != d2 && single == d1 && die != d1);
}

/* The quick reading of consecutive half-turns of one game (the replay's common
   case, in one call): boards w and b (low, high words), their first-turn
   flags, the rules (flags: EOT, HEAD_64, HEAD_STRICT); turns[i] = d1 | d2 << 4
   | side << 8 (1 = Black) | legs << 9 | (a | b << 5) << (12 + 10 k) for its
   legs k (d1 >= d2; every leg 0 <= b < a <= 24, at most 4 legs), or a pass
   (no legs, PASS), or 0 (a half-turn left to Python).  Writes the mover's end
   board of each turn read (low, high) to out and returns how many turns were
   read: it stops at the first turn that one turn_check.quick_check would not
   show legal (a pass: that generate does not show legal), or with a side all
   off (turn_check.py and turn_diagnosis.py read those).  The R7 question of a
   turn of fewer dice and of a pass is the compiled search's (not under
   end-of-turn-block: there Python's). */
int narde_quick_turns(uint64_t w_lo, uint64_t w_hi, uint64_t b_lo, uint64_t b_hi,
                      int wfirst, int bfirst, int flags, const uint64_t *turns, int n,
                      uint64_t *out) {
    board side_board[2] = {((board)w_hi << 64) | w_lo, ((board)b_hi << 64) | b_lo};
    int first[2] = {wfirst, bfirst}, eot = flags & EOT;
    for (int i = 0; i < n; i++) {
        uint64_t word = turns[i];
        int d1 = (int)word & 15, d2 = (int)(word >> 4) & 15, s = (int)(word >> 8) & 1;
        int legs = (int)(word >> 9) & 7;
        board me = side_board[s], opp = side_board[1 - s];
        if (!word || (!legs && !(word & PASS)) || (me & 15) == 15 || (opp & 15) == 15) return i;
        int floor = (int)(me >> 96) - head_allowance(first[s], d1, d2, opp, flags);
        reading r = {me, 0, 0};
        if (legs) {
            r = d1 == d2 ? read_double(me, opp, floor, d1, word, eot)
                         : read_roll(me, opp, floor, d1, d2, word, eot);
            if (!r.st || (eot && illegal_block(r.st, opp))) return i;
        }
        if (r.used < (d1 == d2 ? 4 : 2)
            && (eot || !fewest_is_most(me, opp, d1, d2, floor, r.used, r.die))) return i;
        side_board[s] = r.st;
        first[s] = 0;
        out[2 * i] = (uint64_t)r.st;
        out[2 * i + 1] = (uint64_t)(r.st >> 64);
    }
    return n;
}
