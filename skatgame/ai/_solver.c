/*
 * The C core of the double-dummy solver (module skatgame.ai._csolver).
 *
 * Same search as the pure-Python reference in solver.py: fail-soft
 * alpha-beta over open hands, a transposition table keyed at trick starts,
 * move ordering, and equivalent-card reduction. See solver.py for the
 * meaning of a position's value.
 *
 * The card tables (effective suit, power, points) come from the Python rule
 * tables through init_tables(), so there is one source of truth. The search
 * itself runs without the GIL: every call owns its state and its table, and
 * the global tables are read-only once set.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#define NKINDS 7
#define KIND_NULL 5
#define TRUMP 4
#define MAX_GROUP 8
#ifndef KILLER_BONUS
#define KILLER_BONUS 40
#endif

/* MODE_ALL_TRICKS: 1 when the declarer can take every trick from here (suit,
 * grand: schwarz), else 0 */
enum { MODE_EXACT = 0, MODE_REACHES = 1, MODE_GUESS = 2, MODE_ALL_TRICKS = 3 };

/* Search features (bits of Search.features); 0 is the search of API version 2,
 * kept so that a level can reproduce its old decisions node for node.
 * TT_FIRST: at a trick start, the table's move is searched before the others
 *   are generated and scored.
 * KILLER: a card that cut off at the same depth and seat moves up within its
 *   class of the ordering (killer move).
 * ROOT_BOUNDS: an exact value is searched for between the root's sure bounds.
 * PROBE_FIRST: at a trick start the table is looked at before the sure bounds.
 * DESCEND: an exact value's probes bisect until the value is known within
 *   DESCEND_WIDTH points, then step down from the upper bound: near the value a
 *   probe the declarer fails costs less than one he passes (the defenders'
 *   replies need not all be searched), so the one he passes comes last.
 * QUASI: suit and grand keep their table by the positions' structure (see
 *   "quasi-symmetry" below): a position takes bounds, widened by the point
 *   differences, and a move hint from positions whose cards lie the same way
 *   rank by rank but are worth other points. It replaces the exact table, and
 *   is always looked at first (PROBE_FIRST makes no difference there).
 * (Enhanced transposition cutoffs before the last card of a trick were
 * measured too: 13% fewer nodes, 20% more time for the extra table probes.) */
enum {
    FEAT_TT_FIRST = 1,
    FEAT_KILLER = 2,
    FEAT_ROOT_BOUNDS = 4,
    FEAT_PROBE_FIRST = 8,
    FEAT_DESCEND = 16,
    FEAT_QUASI = 32,
    FEAT_ALL = 63
};
#define DESCEND_WIDTH 30

/* ------------------------------------------------------------ tables */

static int tables_ready = 0;
static void build_quasi(void);
static uint8_t EFF[NKINDS][32];
static uint8_t POWER[NKINDS][32];
static uint8_t PTS[32];
/* BYTE_PTS[s][b]: points of the cards of suit s in bit pattern b */
static uint8_t BYTE_PTS[4][256];
static uint32_t FOLLOW[NKINDS][32];
/* cards of the same effective suit with higher power */
static uint32_t HIGHER[NKINDS][32];
/* same suit, same points (all alike in null), higher power, nearest first; -1 ends */
static int8_t GROUP[NKINDS][32][MAX_GROUP];
/* Runs of interchangeable cards for the transposition key: same effective
 * suit, same points (any points in null), adjacent in power. A position's
 * value does not change when the in-play cards of a run move to the run's
 * lowest cards (keeping their order and owners). Lowest power first. */
#define MAX_RUNS 8
static int8_t RUNS[NKINDS][MAX_RUNS][MAX_GROUP + 1];
static uint32_t RUN_CARDS[NKINDS][MAX_RUNS];
/* RUN_PREFIX[k][r][j]: the j lowest cards of run r */
static uint32_t RUN_PREFIX[NKINDS][MAX_RUNS][MAX_GROUP + 1];
static int NRUNS[NKINDS];
/* FAST_RUNS[k]: the runs of kind k are the four jacks (power J-diamonds <
 * J-hearts < J-spades < J-clubs) and the 7, 8, 9 of each suit (bits 0..2 of
 * its byte, in power order): make_key then canonicalizes by table lookups */
static int FAST_RUNS[NKINDS];
/* CANON3[a | b << 3 | c << 6]: three hands' patterns of a three-card run, the
 * in-play cards moved to the run's lowest places; CANON4 the same for four */
static uint16_t CANON3[1 << 9];
static uint16_t CANON4[1 << 12];
#define LOW789 0x07070707u
#define JACK_BITS 0x80808080u
/* trumps from the highest down, per kind */
static int8_t TRUMP_ORDER[NKINDS][32];
static int NTRUMPS[NKINDS];
/* the plain cards of each suit from the highest down, per kind */
static int8_t PLAIN_ORDER[NKINDS][4][8];
static int NPLAIN[NKINDS][4];
static uint32_t PLAIN_MASK[NKINDS][4];
/* the distinct card point values, lowest first, and the cards worth each */
static int NVALUES;
static int VALUE_PTS[32];
static uint32_t VALUE_MASK[32];

static inline int popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

#if defined(_MSC_VER)
#include <intrin.h>
static inline int lowest(uint32_t x)
{
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
}
#define PREFETCH(p) ((void)(p))
#else
static inline int lowest(uint32_t x) { return __builtin_ctz(x); }
#define PREFETCH(p) __builtin_prefetch(p)
#endif

static inline int mask_points(uint32_t m)
{
    return BYTE_PTS[0][m & 255] + BYTE_PTS[1][(m >> 8) & 255] + BYTE_PTS[2][(m >> 16) & 255] +
           BYTE_PTS[3][m >> 24];
}

static void build_canon(uint16_t *table, int width)
{
    for (int idx = 0; idx < 1 << (3 * width); idx++) {
        int p[3], q[3] = {0, 0, 0}, j = 0;
        for (int h = 0; h < 3; h++)
            p[h] = idx >> (width * h) & ((1 << width) - 1);
        for (int i = 0; i < width; i++)
            for (int h = 0; h < 3; h++)
                if (p[h] >> i & 1)
                    q[h] |= 1 << j++;
        table[idx] = (uint16_t)(q[0] | q[1] << width | q[2] << (2 * width));
    }
}

/* whether kind k's runs are the jacks and the 7-8-9 of each suit (see FAST_RUNS) */
static int runs_are_fast(int k)
{
    static const int8_t jacks[] = {31, 23, 15, 7, -1};
    int seen = 0;
    for (int r = 0; r < NRUNS[k]; r++) {
        const int8_t *run = RUNS[k][r];
        if (run[0] == 31) {
            for (int i = 0; i < 5; i++)
                if (run[i] != jacks[i])
                    return 0;
            seen |= 16;
            continue;
        }
        int base = run[0];
        if (base % 8 || run[1] != base + 1 || run[2] != base + 2 || run[3] != -1)
            return 0;
        seen |= 1 << (base / 8);
    }
    return seen == 31;
}

static int build_tables(void)
{
    for (int s = 0; s < 4; s++) {
        for (int b = 0; b < 256; b++) {
            int t = 0;
            for (int r = 0; r < 8; r++)
                if (b >> r & 1)
                    t += PTS[s * 8 + r];
            if (t > 255)
                return -1;
            BYTE_PTS[s][b] = (uint8_t)t;
        }
    }
    NVALUES = 0;
    for (int c = 0; c < 32; c++) {
        int i = 0;
        while (i < NVALUES && VALUE_PTS[i] < PTS[c])
            i++;
        if (i == NVALUES || VALUE_PTS[i] != PTS[c]) {
            memmove(&VALUE_PTS[i + 1], &VALUE_PTS[i], (size_t)(NVALUES - i) * sizeof(int));
            memmove(&VALUE_MASK[i + 1], &VALUE_MASK[i], (size_t)(NVALUES - i) * sizeof(uint32_t));
            VALUE_PTS[i] = PTS[c];
            VALUE_MASK[i] = 0;
            NVALUES++;
        }
        VALUE_MASK[i] |= 1u << c;
    }
    for (int k = 0; k < NKINDS; k++) {
        for (int c = 0; c < 32; c++) {
            uint32_t follow = 0, higher = 0;
            for (int d = 0; d < 32; d++) {
                if (EFF[k][d] != EFF[k][c])
                    continue;
                follow |= 1u << d;
                if (POWER[k][d] > POWER[k][c])
                    higher |= 1u << d;
            }
            FOLLOW[k][c] = follow;
            HIGHER[k][c] = higher;
            /* the run of same-point cards directly above c, nearest first */
            int n = 0, prev = POWER[k][c];
            int pc = k == KIND_NULL ? 0 : PTS[c];
            for (;;) {
                int next = -1;
                for (int d = 0; d < 32; d++) {
                    if ((higher >> d & 1) && POWER[k][d] > prev &&
                        (next < 0 || POWER[k][d] < POWER[k][next]))
                        next = d;
                }
                if (next < 0)
                    break;
                int pd = k == KIND_NULL ? 0 : PTS[next];
                if (pd != pc)
                    break;
                if (n >= MAX_GROUP - 1)
                    return -1;
                GROUP[k][c][n++] = (int8_t)next;
                prev = POWER[k][next];
            }
            GROUP[k][c][n] = -1;
        }
        /* trump and plain-suit orders: selection by falling power */
        for (int e = 0; e <= TRUMP; e++) {
            int8_t *order = e == TRUMP ? TRUMP_ORDER[k] : PLAIN_ORDER[k][e];
            int n = 0, limit = e == TRUMP ? 32 : 8;
            int prev_power = 1 << 30;
            for (;;) {
                int next = -1;
                for (int d = 0; d < 32; d++)
                    if (EFF[k][d] == e && POWER[k][d] < prev_power &&
                        (next < 0 || POWER[k][d] > POWER[k][next]))
                        next = d;
                if (next < 0)
                    break;
                if (n >= limit)
                    return -1;
                if (e != TRUMP)
                    PLAIN_MASK[k][e] |= 1u << next;
                order[n++] = (int8_t)next;
                prev_power = POWER[k][next];
            }
            if (e == TRUMP)
                NTRUMPS[k] = n;
            else
                NPLAIN[k][e] = n;
        }
        /* a run starts at a card that is the nearest same-point card above
         * no other card; keep runs of two or more */
        NRUNS[k] = 0;
        for (int c = 0; c < 32; c++) {
            int is_above = 0;
            for (int d = 0; d < 32 && !is_above; d++)
                if (GROUP[k][d][0] == c)
                    is_above = 1;
            if (is_above || GROUP[k][c][0] < 0)
                continue;
            if (NRUNS[k] >= MAX_RUNS)
                return -1;
            int8_t *run = RUNS[k][NRUNS[k]++];
            int n = 0;
            run[n++] = (int8_t)c;
            for (const int8_t *g = GROUP[k][c]; *g >= 0; g++)
                run[n++] = *g;
            run[n] = -1;
            int r = NRUNS[k] - 1;
            RUN_CARDS[k][r] = 0;
            RUN_PREFIX[k][r][0] = 0;
            for (int i = 0; i < n; i++) {
                RUN_CARDS[k][r] |= 1u << run[i];
                RUN_PREFIX[k][r][i + 1] = RUN_CARDS[k][r];
            }
        }
    }
    build_quasi();
    build_canon(CANON3, 3);
    build_canon(CANON4, 4);
    for (int k = 0; k < NKINDS; k++)
        FAST_RUNS[k] = runs_are_fast(k);
    return 0;
}

/* ------------------------------------------------------------ search state */

typedef struct {
    uint32_t k[3]; /* canonical hands; all zero: empty slot */
    uint8_t leader, lo, hi, best; /* best == 255: none */
} TTEntry;

typedef struct {
    uint32_t k[3];
    int leader;
    uint32_t hash;
} Key;

#define BUCKET 4
/* a QUASI table entry: the structure key (see struct_key), the in-play
 * cards of the position it was searched for, bounds on the declarer's points
 * from there, and the best card as a slot of the structure (255: none) */
typedef struct QEntry {
    uint32_t k[3];
    uint32_t all; /* 0: empty slot */
    uint8_t leader, lo, hi, best;
} QEntry;
#define TT_MIN_BITS 10
#define TT_MAX_BITS 19

typedef struct {
    int kind, declarer;
    uint32_t h[3];
    const uint8_t *eff, *power;
    const uint32_t *follow, *higher;
    uint32_t trumps;
    int8_t (*group)[MAX_GROUP];
    TTEntry *tt;
    void *tt_block; /* the allocation tt lies in */
    int tt_bits;
    size_t tt_used;
    int tt_full; /* growing failed: replace entries from now on */
    unsigned long long nodes, max_nodes;
    double deadline; /* monotonic seconds; 0: none */
    int aborted;
    int features;
    int all_tricks; /* ab_null asks whether the declarer takes every trick */
    /* per depth (cards still in the hands) and seat: the last card that cut off */
    int8_t killer[32][3];
    QEntry *qt; /* the QUASI table, or NULL: the exact table tt */
    int qt_bits;
    size_t qt_used;
    int qt_full; /* growing failed: replace entries from now on */
} Search;

static const int NEXT_SEAT[3] = {1, 2, 0};

static inline uint32_t key_hash(const Key *key)
{
    uint64_t x = ((uint64_t)key->k[0] << 32 | key->k[1]) * 0x9E3779B97F4A7C15ull;
    x ^= ((uint64_t)key->k[2] << 2 | (uint64_t)(unsigned)key->leader) * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 31;
    return (uint32_t)(x >> 29);
}

/* the transposition key of the current trick-start position */
/* jacks of a hand as four bits, lowest power first, and back */
static inline uint32_t jack_bits(uint32_t h)
{
    return (h >> 31 & 1) | (h >> 22 & 2) | (h >> 13 & 4) | (h >> 4 & 8);
}

static inline uint32_t jack_cards(uint32_t q)
{
    return (q & 1) << 31 | (q & 2) << 22 | (q & 4) << 13 | (q & 8) << 4;
}

/* the jacks of the keys k (the hands' own jacks so far) moved to the lowest
 * jack places when a jack above them is out of play */
static inline void canon_jacks(const Search *s, uint32_t all, uint32_t *k)
{
    uint32_t j = jack_bits(all);
    if (j & (j + 1)) {
        unsigned q = CANON4[jack_bits(s->h[0]) | jack_bits(s->h[1]) << 4 |
                            jack_bits(s->h[2]) << 8];
        k[0] = (k[0] & ~JACK_BITS) | jack_cards(q & 15);
        k[1] = (k[1] & ~JACK_BITS) | jack_cards(q >> 4 & 15);
        k[2] = (k[2] & ~JACK_BITS) | jack_cards(q >> 8 & 15);
    }
}

/* make_key's canonical hands by table lookups (FAST_RUNS kinds) */
static inline void fast_key(const Search *s, uint32_t all, uint32_t *k)
{
    uint32_t h0 = s->h[0], h1 = s->h[1], h2 = s->h[2];
    uint32_t low = all & LOW789;
    k[0] = h0;
    k[1] = h1;
    k[2] = h2;
    if ((low + 0x01010101u) & low) {
        /* some 7-8-9 run is not at its lowest places */
        k[0] &= ~LOW789;
        k[1] &= ~LOW789;
        k[2] &= ~LOW789;
        for (int sh = 0; sh < 32; sh += 8) {
            unsigned q = CANON3[(h0 >> sh & 7) | (h1 >> sh & 7) << 3 | (h2 >> sh & 7) << 6];
            k[0] |= (uint32_t)(q & 7) << sh;
            k[1] |= (uint32_t)(q >> 3 & 7) << sh;
            k[2] |= (uint32_t)(q >> 6 & 7) << sh;
        }
    }
    canon_jacks(s, all, k);
}

static void make_key(const Search *s, int leader, Key *key)
{
    uint32_t k0 = s->h[0], k1 = s->h[1], k2 = s->h[2];
    uint32_t all = k0 | k1 | k2;
    if (FAST_RUNS[s->kind]) {
        fast_key(s, all, key->k);
        key->leader = leader;
        key->hash = key_hash(key);
        return;
    }
    for (int r = 0; r < NRUNS[s->kind]; r++) {
        uint32_t cards = RUN_CARDS[s->kind][r], in = all & cards;
        if (in == RUN_PREFIX[s->kind][r][popcount32(in)])
            continue; /* already the lowest cards of the run */
        k0 &= ~cards;
        k1 &= ~cards;
        k2 &= ~cards;
        const int8_t *run = RUNS[s->kind][r];
        int j = 0;
        for (int i = 0; run[i] >= 0; i++) {
            uint32_t bit = 1u << run[i];
            if (s->h[0] & bit)
                k0 |= 1u << run[j++];
            else if (s->h[1] & bit)
                k1 |= 1u << run[j++];
            else if (s->h[2] & bit)
                k2 |= 1u << run[j++];
        }
    }
    key->k[0] = k0;
    key->k[1] = k1;
    key->k[2] = k2;
    key->leader = leader;
    key->hash = key_hash(key);
}

static inline TTEntry *tt_bucket(const Search *s, uint32_t hash)
{
    size_t mask = ((size_t)1 << s->tt_bits) - 1;
    return &s->tt[(hash & mask) & ~(size_t)(BUCKET - 1)];
}

static inline int entry_is(const TTEntry *e, const Key *key)
{
    return e->k[0] == key->k[0] && e->k[1] == key->k[1] && e->k[2] == key->k[2] &&
           e->leader == key->leader;
}

static TTEntry *tt_find(const Search *s, const Key *key)
{
    TTEntry *b = tt_bucket(s, key->hash);
    for (int i = 0; i < BUCKET; i++)
        if (entry_is(&b[i], key))
            return &b[i];
    return NULL;
}

static void tt_put(Search *s, const Key *key, int lo, int hi, int best);
#define QBUCKET 4

static inline QEntry *qt_bucket(const Search *s, uint32_t hash)
{
    size_t mask = ((size_t)1 << s->qt_bits) - 1;
    return &s->qt[(hash & mask) & ~(size_t)(QBUCKET - 1)];
}

static inline int same_structure(const QEntry *e, const Key *skey)
{
    return e->k[0] == skey->k[0] && e->k[1] == skey->k[1] && e->k[2] == skey->k[2] &&
           e->leader == skey->leader && e->all;
}

static void qt_grow(Search *s);

/* stores the bounds of the position with in-play cards `all`; within its
 * bucket it replaces its own older entry, else an empty slot, else the entry
 * with the fewest cards (the smallest subtree) */
static void qt_put(Search *s, const Key *skey, uint32_t all, int lo, int hi, int best)
{
    QEntry *b = qt_bucket(s, skey->hash), *slot = NULL;
    int fewest = 99;
    for (int i = 0; i < QBUCKET; i++) {
        QEntry *e = &b[i];
        if (e->all == all && same_structure(e, skey)) {
            slot = e;
            break;
        }
        int cards = popcount32(e->all);
        if (cards < fewest) {
            fewest = cards;
            slot = e;
        }
    }
    if (!slot->all)
        s->qt_used++;
    slot->k[0] = skey->k[0];
    slot->k[1] = skey->k[1];
    slot->k[2] = skey->k[2];
    slot->leader = (uint8_t)skey->leader;
    slot->all = all;
    slot->lo = (uint8_t)lo;
    slot->hi = (uint8_t)hi;
    slot->best = (uint8_t)best;
    if (s->qt_used * 4 > ((size_t)3 << s->qt_bits) && s->qt_bits < TT_MAX_BITS && !s->qt_full)
        qt_grow(s);
}

/* a zeroed table aligned to 64 bytes, so that a bucket is one cache line */
static TTEntry *tt_alloc(size_t entries, void **block)
{
    void *p = calloc(entries * sizeof(TTEntry) + 64, 1);
    if (!p)
        return NULL;
    *block = p;
    return (TTEntry *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

static void tt_grow(Search *s)
{
    TTEntry *old = s->tt;
    void *old_block = s->tt_block, *block;
    size_t old_size = (size_t)1 << s->tt_bits;
    TTEntry *fresh = tt_alloc(old_size << 2, &block);
    if (!fresh) {
        s->tt_full = 1;
        return;
    }
    s->tt = fresh;
    s->tt_block = block;
    s->tt_bits += 2;
    s->tt_used = 0;
    for (size_t i = 0; i < old_size; i++) {
        const TTEntry *e = &old[i];
        if (!(e->k[0] | e->k[1] | e->k[2]))
            continue;
        Key key = {{e->k[0], e->k[1], e->k[2]}, e->leader, 0};
        key.hash = key_hash(&key);
        tt_put(s, &key, e->lo, e->hi, e->best);
    }
    free(old_block);
}

static void tt_put(Search *s, const Key *key, int lo, int hi, int best)
{
    TTEntry *b = tt_bucket(s, key->hash), *slot = NULL;
    int fewest = 99;
    for (int i = 0; i < BUCKET; i++) {
        TTEntry *e = &b[i];
        if (entry_is(e, key)) {
            slot = e;
            break;
        }
        int cards = popcount32(e->k[0] | e->k[1] | e->k[2]);
        if (cards < fewest) {
            /* an empty slot (0 cards) wins, else the smallest subtree */
            fewest = cards;
            slot = e;
        }
    }
    if (fewest == 0 && !entry_is(slot, key))
        s->tt_used++;
    slot->k[0] = key->k[0];
    slot->k[1] = key->k[1];
    slot->k[2] = key->k[2];
    slot->leader = (uint8_t)key->leader;
    slot->lo = (uint8_t)lo;
    slot->hi = (uint8_t)hi;
    slot->best = (uint8_t)best;
    if (s->tt_used * 4 > ((size_t)3 << s->tt_bits) && s->tt_bits < TT_MAX_BITS && !s->tt_full)
        tt_grow(s);
}


/* ------------------------------------------------------------ quasi-symmetry
 *
 * Two trick-start positions whose in-play cards lie the same way rank by rank
 * (the same hand holds the highest in-play card of each suit, the same the
 * second highest, and so on, and the same seat leads) have the same game
 * tree: the same moves are legal and win the same tricks. Only the points
 * differ, card for card. Whatever both sides do, the declarer's points differ
 * by the differences of the cards he takes, so a bound [lo, hi] on one
 * position's value gives [lo - minus, hi + plus] on the other's, where plus
 * (minus) sums the differences where the other's card is worth more (less).
 * The structure key moves each suit's in-play cards (the jacks as a group of
 * their own) to its lowest places; positions that differ only in zero-point or
 * equal-point cards then share it with no difference at all.
 *
 * The card layout this relies on (QUASI_OK): a suit's ranks 0..6 belong to
 * one effective suit and rise in power, the four jacks (rank 7) to one and rise
 * from diamonds to clubs above any other card of it, and a rank is worth the
 * same points in every suit. */

/* COMP7[a][h]: the cards h of a suit's in-play ranks a (bits 0..6) moved to
 * the lowest places; PAIR_PLUS/MINUS[a][b]: for two rank sets of one size,
 * paired from the lowest up, the points b's ranks are worth more (less) than
 * a's, summed; SEL7[a][j]: a's j-th lowest rank (-1: none) */
static uint8_t COMP7[128][128];
static uint8_t PAIR_PLUS[128][128], PAIR_MINUS[128][128];
static int8_t SEL7[128][8];
static int QUASI_OK[NKINDS];

static int quasi_order(int c)
{
    return (c & 7) == 7 ? 100 + (3 - (c >> 3)) : c & 7;
}

static int quasi_ok(int k)
{
    for (int c = 0; c < 32; c++) {
        /* a suit's ranks 0..6 in one effective suit, the jacks in one */
        int first = (c & 7) == 7 ? 7 : c & ~7;
        if (PTS[c] != PTS[c & 7] || EFF[k][c] != EFF[k][first])
            return 0;
        for (int d = 0; d < 32; d++)
            if (EFF[k][c] == EFF[k][d] && c != d &&
                (POWER[k][c] < POWER[k][d]) != (quasi_order(c) < quasi_order(d)))
                return 0;
    }
    return 1;
}

static void build_quasi(void)
{
    for (int k = 0; k < NKINDS; k++)
        QUASI_OK[k] = k != KIND_NULL && quasi_ok(k);
    for (int a = 0; a < 128; a++) {
        int ranks[7], n = 0;
        for (int r = 0; r < 7; r++)
            if (a >> r & 1)
                ranks[n++] = r;
        for (int j = 0; j < 8; j++)
            SEL7[a][j] = (int8_t)(j < n ? ranks[j] : -1);
        for (int h = 0; h < 128; h++) {
            int q = 0;
            for (int j = 0; j < n; j++)
                if (h >> ranks[j] & 1)
                    q |= 1 << j;
            COMP7[a][h] = (uint8_t)q;
        }
        for (int b = 0; b < 128; b++) {
            int rb[7], m = 0, p = 0, mi = 0;
            for (int r = 0; r < 7; r++)
                if (b >> r & 1)
                    rb[m++] = r;
            if (m != n)
                continue;
            for (int j = 0; j < n; j++) {
                int d = PTS[rb[j]] - PTS[ranks[j]];
                if (d > 0)
                    p += d;
                else
                    mi -= d;
            }
            PAIR_PLUS[a][b] = (uint8_t)p;
            PAIR_MINUS[a][b] = (uint8_t)mi;
        }
    }
}

/* the structure key of the current trick-start position (QUASI) */
static void struct_key(const Search *s, uint32_t all, int leader, Key *key)
{
    uint32_t h0 = s->h[0], h1 = s->h[1];
    uint32_t k0 = h0 & JACK_BITS, k1 = h1 & JACK_BITS, k2 = s->h[2] & JACK_BITS;
    for (int sh = 0; sh < 32; sh += 8) {
        unsigned a = all >> sh & 0x7F;
        unsigned c0 = COMP7[a][h0 >> sh & 0x7F], c1 = COMP7[a][h1 >> sh & 0x7F];
        k0 |= c0 << sh;
        k1 |= c1 << sh;
        k2 |= (COMP7[a][a] ^ c0 ^ c1) << sh;
    }
    key->k[0] = k0;
    key->k[1] = k1;
    key->k[2] = k2;
    canon_jacks(s, all, key->k);
    key->leader = leader;
    key->hash = key_hash(key);
}

/* plus and minus (see above) from in-play cards a to b of one structure */
static inline void pair_diff(uint32_t a, uint32_t b, int *plus, int *minus)
{
    int p = 0, m = 0;
    for (int sh = 0; sh < 32; sh += 8) {
        p += PAIR_PLUS[a >> sh & 0x7F][b >> sh & 0x7F];
        m += PAIR_MINUS[a >> sh & 0x7F][b >> sh & 0x7F];
    }
    *plus = p;
    *minus = m;
}

/* card c's place in the structure of the in-play cards `all` (jacks: 32 on) */
static int card_slot(uint32_t all, int c)
{
    if ((c & 7) == 7) {
        int jb = 3 - (c >> 3);
        return 32 + popcount32(jack_bits(all) & ((1u << jb) - 1));
    }
    int sh = c & ~7;
    return sh + popcount32((all >> sh) & 0x7F & ((1u << (c & 7)) - 1));
}

/* the in-play card at a structure place: card_slot reversed (-1: none) */
static int slot_card(uint32_t all, int slot)
{
    if (slot >= 32) {
        uint32_t jb = jack_bits(all);
        for (int j = slot - 32; j > 0 && jb; j--)
            jb &= jb - 1;
        if (!jb)
            return -1;
        return (3 - lowest(jb)) * 8 + 7;
    }
    int sh = slot & ~7, r = SEL7[all >> sh & 0x7F][slot & 7];
    return r < 0 ? -1 : sh + r;
}

/* four times the entries (a failed allocation keeps the table as it is, and
 * entries are replaced from then on) */
static void qt_grow(Search *s)
{
    QEntry *old = s->qt, *fresh = calloc((size_t)1 << (s->qt_bits + 2), sizeof(QEntry));
    if (!fresh) {
        s->qt_full = 1;
        return;
    }
    size_t n = (size_t)1 << s->qt_bits;
    s->qt = fresh;
    s->qt_bits += 2;
    s->qt_used = 0;
    for (size_t i = 0; i < n; i++) {
        QEntry *e = &old[i];
        if (!e->all)
            continue;
        Key key = {{e->k[0], e->k[1], e->k[2]}, e->leader, 0};
        key.hash = key_hash(&key);
        qt_put(s, &key, e->all, e->lo, e->hi, e->best);
    }
    free(old);
}

/* does card c take over from the card best (winning so far)? */
static inline int beats(const Search *s, int c, int best)
{
    int ec = s->eff[c], eb = s->eff[best];
    if (ec == eb)
        return s->power[c] > s->power[best];
    return ec == TRUMP;
}

static inline int winner_index(const Search *s, int c0, int c1, int c2)
{
    int w = 0, wc = c0;
    if (beats(s, c1, wc)) {
        w = 1;
        wc = c1;
    }
    if (beats(s, c2, wc))
        w = 2;
    return w;
}

/* could a card of the legal set L take over from x, the card winning so far? */
static inline int can_beat(const Search *s, uint32_t legal, int x)
{
    return (legal & s->higher[x]) || (s->eff[x] != TRUMP && (legal & s->trumps));
}

static inline uint32_t legal_for(const Search *s, int seat, int lead)
{
    uint32_t hand = s->h[seat], f = hand & s->follow[lead];
    return f ? f : hand;
}

/* How promising a move is; the search tries high scores first. With all hands
 * open, "who takes this trick" is mostly visible one or two cards ahead. */
static int score_move(const Search *s, int n, int seat, int leader, int c0, int c1, int c)
{
    int pw = s->power[c];
    int decl = seat == s->declarer;
    if (s->kind == KIND_NULL) {
        if (n == 0)
            return decl ? -pw : pw;
        int wc = c0;
        if (n == 2 && beats(s, c1, c0))
            wc = c1;
        int bt = beats(s, c, wc);
        if (decl)
            return bt ? -pw : 1000 + pw;
        return (!bt || n == 1) ? pw : -pw;
    }
    int pts = PTS[c];
    int win;
    if (n == 0) {
        int s2 = NEXT_SEAT[seat], s3 = NEXT_SEAT[s2];
        int b2 = can_beat(s, legal_for(s, s2, c), c);
        int b3 = can_beat(s, legal_for(s, s3, c), c);
        if (decl)
            win = !b2 && !b3;
        else
            win = s2 == s->declarer ? !b2 : !b3;
        return win ? 1000 + pts * 8 + pw : -pts * 8 - pw;
    }
    if (n == 1) {
        int s3 = NEXT_SEAT[seat];
        uint32_t l3 = legal_for(s, s3, c0);
        int bt = beats(s, c, c0);
        if (decl)
            win = bt && !can_beat(s, l3, c);
        else if (s3 != s->declarer)
            win = bt || can_beat(s, l3, c0);
        else
            win = !can_beat(s, l3, bt ? c : c0);
        return win ? 2000 + pts * 64 - pw : -pts * 64 - pw;
    }
    int wc = c0, ws = leader;
    if (beats(s, c1, c0)) {
        wc = c1;
        ws = NEXT_SEAT[leader];
    }
    if (beats(s, c, wc))
        win = 1;
    else
        win = (ws == s->declarer) == decl;
    return win ? 2000 + pts * 64 - pw : -pts * 64 - pw;
}

/* Legal moves of seat `seat`, one card per class of equivalent cards,
 * ordered best first. Returns the number of moves. */
static int gen_moves(const Search *s, int n, int seat, int leader, int c0, int c1, int best_move,
                     int *moves)
{
    uint32_t hand = s->h[seat];
    uint32_t legal = hand;
    uint32_t inplay = s->h[0] | s->h[1] | s->h[2];
    if (n > 0) {
        uint32_t f = hand & s->follow[c0];
        if (f)
            legal = f;
        inplay |= 1u << c0;
        if (n == 2)
            inplay |= 1u << c1;
    }
    if (legal && (legal & (legal - 1)) == 0) {
        /* a forced card: nothing to order */
        int c = lowest(legal);
        if (c == best_move && (s->features & FEAT_TT_FIRST))
            return 0;
        moves[0] = c;
        return 1;
    }
    int scores[10];
    int count = 0;
    int killer = -1;
    if (s->features & FEAT_KILLER)
        killer = s->killer[popcount32(s->h[0] | s->h[1] | s->h[2])][seat];
    while (legal) {
        int c = lowest(legal);
        legal &= legal - 1;
        const int8_t *g = s->group[c];
        int skip = 0;
        for (; *g >= 0; g++) {
            uint32_t bit = 1u << *g;
            if (inplay & bit) {
                skip = (hand & bit) != 0;
                break;
            }
        }
        if (skip)
            continue;
        if (c == best_move && (s->features & FEAT_TT_FIRST))
            continue; /* searched already */
        int sc = c == best_move ? 100000 : score_move(s, n, seat, leader, c0, c1, c);
        if (c == killer)
            sc += KILLER_BONUS;
        /* insertion sort, best first; ties: higher card number first (as Python) */
        int i = count++;
        while (i > 0 && (scores[i - 1] < sc || (scores[i - 1] == sc && moves[i - 1] < c))) {
            scores[i] = scores[i - 1];
            moves[i] = moves[i - 1];
            i--;
        }
        scores[i] = sc;
        moves[i] = c;
    }
    return count;
}

static double monotonic_seconds(void)
{
#ifdef _WIN32
    LARGE_INTEGER f, t;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&t);
    return (double)t.QuadPart / (double)f.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

/* counts a node; true when the node or time budget is spent (the clock is
 * read every 1024 nodes, well under a millisecond) */
static inline int budget_hit(Search *s)
{
    if (++s->nodes > s->max_nodes ||
        ((s->nodes & 1023) == 0 && s->deadline > 0 && monotonic_seconds() > s->deadline)) {
        s->aborted = 1;
        return 1;
    }
    return 0;
}

/* the fewest points that k cards of hand can be worth */
static inline int min_points(uint32_t hand, int k)
{
    int total = 0;
    for (int i = 0; i < NVALUES && k > 0; i++) {
        int have = popcount32(hand & VALUE_MASK[i]);
        int take = have < k ? have : k;
        total += take * VALUE_PTS[i];
        k -= take;
    }
    return total;
}

/* Whether seat `me`, leading the suit `order` (n cards, highest first) from
 * the top, wins every round of it: each other hand's top card must come after
 * at least as many of his cards as rounds that hand can follow (it keeps its
 * top card to the last). `trumps`: he must also hold as many as each other
 * hand, so that none is left to ruff with. */
static int cashes_all(const Search *s, int me, const int8_t *order, int n, uint32_t suit,
                      int trumps)
{
    int a = NEXT_SEAT[me], b = NEXT_SEAT[a];
    int k = popcount32(s->h[me] & suit);
    int ma = popcount32(s->h[a] & suit), mb = popcount32(s->h[b] & suit);
    if (!k)
        return !trumps || (!ma && !mb);
    if (trumps && (ma > k || mb > k))
        return 0;
    int need_a = ma < k ? ma : k, need_b = mb < k ? mb : k, seen = 0;
    for (int i = 0; i < n; i++) {
        uint32_t bit = 1u << order[i];
        if (s->h[me] & bit) {
            seen++;
        } else if (s->h[a] & bit) {
            if (seen < need_a)
                return 0;
            need_a = 0;
        } else if (s->h[b] & bit) {
            if (seen < need_b)
                return 0;
            need_b = 0;
        }
    }
    return 1;
}

/* Cheap sure bounds on the declarer's points from a trick start.
 *
 * The top in-play trumps, while they all lie on one side, win every trick
 * they are played to: that side gets their points, and in each of those
 * tricks (at least as many as one hand holds of them) the other side's
 * cheapest cards. And the leader, when his own top trumps are at least as
 * many as each other hand's trumps, can draw those and then cash, one trick
 * after the other, the cards he holds at the top of each plain suit. */
static void sure_bounds(const Search *s, int leader, uint32_t all, int rest, int *lower,
                        int *upper)
{
    *lower = 0;
    *upper = rest;
    const int8_t *order = TRUMP_ORDER[s->kind];
    int nt = NTRUMPS[s->kind], d = s->declarer;
    int a = NEXT_SEAT[d], b = NEXT_SEAT[a];
    int side = -1, count[3] = {0, 0, 0}, pts = 0;
    int lead_run = 0, lead_pts = 0, lead_open = 1;
    uint32_t lead_hand = s->h[leader];
    for (int i = 0; i < nt; i++) {
        int c = order[i];
        uint32_t bit = 1u << c;
        if (!(all & bit))
            continue;
        if (lead_open) {
            if (lead_hand & bit) {
                lead_run++;
                lead_pts += PTS[c];
            } else {
                lead_open = 0;
            }
        }
        int owner = (s->h[0] & bit) ? 0 : (s->h[1] & bit) ? 1 : 2;
        int owner_side = owner == d;
        if (side < 0)
            side = owner_side;
        else if (owner_side != side)
            break;
        count[owner]++;
        pts += PTS[c];
    }
    if (side == 1) {
        int k = count[d];
        *lower = pts + min_points(s->h[a], k) + min_points(s->h[b], k);
    } else if (side == 0) {
        int k = count[a] > count[b] ? count[a] : count[b];
        *upper = rest - pts - min_points(s->h[d], k);
    }
    /* the leader's quick tricks */
    int o1 = NEXT_SEAT[leader], o2 = NEXT_SEAT[o1];
    if (popcount32(s->h[o1] & s->trumps) > lead_run || popcount32(s->h[o2] & s->trumps) > lead_run)
        return;
    int tricks = lead_run;
    for (int e = 0; e < 4; e++) {
        const int8_t *po = PLAIN_ORDER[s->kind][e];
        for (int i = 0; i < NPLAIN[s->kind][e]; i++) {
            uint32_t bit = 1u << po[i];
            if (!(all & bit))
                continue;
            if (!(lead_hand & bit))
                break;
            tricks++;
            lead_pts += PTS[po[i]];
        }
    }
    if (!tricks)
        return;
    int sure = lead_pts + min_points(s->h[o1], tricks) + min_points(s->h[o2], tricks);
    if (leader == d) {
        if (sure > *lower)
            *lower = sure;
    } else if (rest - sure < *upper) {
        *upper = rest - sure;
    }
}

/* the top card of the run of equivalent cards that c belongs to */
static int representative(const Search *s, uint32_t hand, uint32_t inplay, int c)
{
    for (;;) {
        const int8_t *g = s->group[c];
        int next = -1;
        for (; *g >= 0; g++) {
            uint32_t bit = 1u << *g;
            if (inplay & bit) {
                if (hand & bit)
                    next = *g;
                break;
            }
        }
        if (next < 0)
            return c;
        c = next;
    }
}


/* the bounds of the position's own entry (none: [0, rest], rest its points)
 * and its best card (-1: none) */
static int own_entry(const Search *s, const Key *key, uint32_t all, int rest, int *lo, int *hi)
{
    *lo = 0;
    *hi = rest;
    if (!s->qt) {
        const TTEntry *e = tt_find(s, key);
        if (!e)
            return -1;
        *lo = e->lo;
        *hi = e->hi;
        return e->best != 255 ? e->best : -1;
    }
    const QEntry *qb = qt_bucket(s, key->hash);
    for (int i = 0; i < QBUCKET; i++) {
        if (qb[i].all == all && same_structure(&qb[i], key)) {
            *lo = qb[i].lo;
            *hi = qb[i].hi;
            return qb[i].best != 255 ? slot_card(all, qb[i].best) : -1;
        }
    }
    return -1;
}

/* The table's bounds [lo, hi] on the value of the trick-start position with
 * key `key` (the structure key with QUASI, else the exact key) and in-play
 * cards `all`, worth `rest` points, and its best card (-1: none). With QUASI
 * every entry of the structure bounds the value: the position's own exactly,
 * the others within their point differences (the hint: the position's own,
 * else another one's). */
static int table_bounds(const Search *s, const Key *key, uint32_t all, int rest, int *lo,
                        int *hi)
{
    if (!s->qt)
        return own_entry(s, key, all, rest, lo, hi);
    *lo = 0;
    *hi = rest;
    const QEntry *qb = qt_bucket(s, key->hash);
    int own = 255, other = 255;
    for (int i = 0; i < QBUCKET; i++) {
        const QEntry *q = &qb[i];
        if (!same_structure(q, key))
            continue;
        int plus = 0, minus = 0;
        if (q->all == all) {
            own = q->best;
        } else {
            pair_diff(q->all, all, &plus, &minus);
            if (other == 255)
                other = q->best;
        }
        if (q->lo - minus > *lo)
            *lo = q->lo - minus;
        if (q->hi + plus < *hi)
            *hi = q->hi + plus;
    }
    int slot = own != 255 ? own : other;
    return slot != 255 ? slot_card(all, slot) : -1;
}

/* stores the position's bounds and best card (-1: none) in its table */
static void table_put(Search *s, const Key *key, uint32_t all, int lo, int hi, int best)
{
    if (s->qt)
        qt_put(s, key, all, lo, hi, best >= 0 ? card_slot(all, best) : 255);
    else
        tt_put(s, key, lo, hi, best >= 0 ? best : 255);
}

/* Suit and grand: fail-soft alpha-beta on the declarer's points from here. */
static int ab_points(Search *s, int leader, int n, int c0, int c1, int alpha, int beta)
{
    if (budget_hit(s))
        return 0;
    int seat, best_move = -1, lo = 0, hi = 0;
    Key key;
    if (n == 0) {
        uint32_t all = s->h[0] | s->h[1] | s->h[2];
        if (!all)
            return 0;
        int rest = mask_points(all);
        uint32_t h0 = s->h[0];
        if ((h0 & (h0 - 1)) == 0) {
            int s1 = NEXT_SEAT[leader], s2 = NEXT_SEAT[s1];
            int w = winner_index(s, lowest(s->h[leader]), lowest(s->h[s1]), lowest(s->h[s2]));
            return (leader + w) % 3 == s->declarer ? rest : 0;
        }
        if (beta <= 0)
            return 0;
        if (alpha >= rest)
            return rest;
        int lower, upper, hint = -1;
        if (s->qt)
            struct_key(s, all, leader, &key);
        else
            make_key(s, leader, &key);
        /* most positions here are in the table already: with PROBE_FIRST (and
         * QUASI) look there first, else fetch its line while the sure bounds
         * are computed */
        int first = s->qt || (s->features & FEAT_PROBE_FIRST);
        if (first) {
            hint = table_bounds(s, &key, all, rest, &lo, &hi);
            if (lo >= beta)
                return lo;
            if (hi <= alpha)
                return hi;
        } else {
            PREFETCH(tt_bucket(s, key.hash));
        }
        sure_bounds(s, leader, all, rest, &lower, &upper);
        if (lower >= beta)
            return lower;
        if (upper <= alpha)
            return upper;
        if (!first) {
            hint = table_bounds(s, &key, all, rest, &lo, &hi);
            if (lo >= beta)
                return lo;
            if (hi <= alpha)
                return hi;
        }
        if (lo > alpha)
            alpha = lo;
        if (hi < beta)
            beta = hi;
        best_move = hint;
        seat = leader;
    } else {
        seat = (leader + n) % 3;
    }
    int maximize = seat == s->declarer;
    uint32_t hand = s->h[seat];
    int best = maximize ? -1 : 1000, best_card = -1;
    int a = alpha, b = beta;
    int moves[10], count = 0, cut = 0, generated = 0;
    if (best_move >= 0 && (s->features & FEAT_TT_FIRST)) {
        /* the table's move (or the card of its class this hand holds) first,
         * before the rest are generated and scored */
        uint32_t inplay = s->h[0] | s->h[1] | s->h[2];
        best_move = (hand >> best_move & 1) ? representative(s, hand, inplay, best_move) : -1;
    }
    if (best_move >= 0 && (s->features & FEAT_TT_FIRST)) {
        moves[count++] = best_move;
    } else {
        count = gen_moves(s, n, seat, leader, c0, c1, best_move, moves);
        generated = 1;
    }
    for (int i = 0;; i++) {
        if (i == count) {
            if (generated)
                break;
            count += gen_moves(s, n, seat, leader, c0, c1, best_move, moves + count);
            generated = 1;
            if (i == count)
                break;
        }
        int c = moves[i], v;
        s->h[seat] = hand & ~(1u << c);
        if (n == 0) {
            v = ab_points(s, leader, 1, c, -1, a, b);
        } else if (n == 1) {
            v = ab_points(s, leader, 2, c0, c, a, b);
        } else {
            int w = (leader + winner_index(s, c0, c1, c)) % 3;
            if (w == s->declarer) {
                int add = PTS[c0] + PTS[c1] + PTS[c];
                v = add + ab_points(s, w, 0, -1, -1, a - add, b - add);
            } else {
                v = ab_points(s, w, 0, -1, -1, a, b);
            }
        }
        if (s->aborted) {
            s->h[seat] = hand;
            return 0;
        }
        if (best_card < 0)
            best_card = c;
        if (maximize) {
            if (v > best) {
                best = v;
                best_card = c;
                if (v > a) {
                    a = v;
                    if (a >= b)
                        cut = 1;
                }
            }
        } else if (v < best) {
            best = v;
            best_card = c;
            if (v < b) {
                b = v;
                if (a >= b)
                    cut = 1;
            }
        }
        if (cut) {
            if (s->features & FEAT_KILLER) {
                s->h[seat] = hand;
                s->killer[popcount32(s->h[0] | s->h[1] | s->h[2])][seat] = (int8_t)c;
            }
            break;
        }
    }
    s->h[seat] = hand;
    if (n == 0) {
        /* the table may have grown or replaced the entry during the search */
        uint32_t all = s->h[0] | s->h[1] | s->h[2];
        int older = own_entry(s, &key, all, mask_points(all), &lo, &hi);
        /* after a fail low every move was as bad: keep the older hint */
        if (best <= alpha && older >= 0)
            best_card = older;
        if (best <= alpha) {
            if (best < hi)
                hi = best;
        } else if (best >= beta) {
            if (best > lo)
                lo = best;
        } else {
            lo = hi = best;
        }
        table_put(s, &key, all, lo, hi, best_card);
    }
    return best;
}

/* The schwarz question decided at a trick start without search: 0 when a
 * defender holds the top trump in play (the trick it falls to is the
 * defenders'); 1 when the declarer leads and can draw the defenders' trumps
 * and then cash every suit from the top (see cashes_all); -1 when it takes a
 * search. */
static int all_tricks_sure(const Search *s, int leader)
{
    uint32_t all = s->h[0] | s->h[1] | s->h[2];
    int d = s->declarer;
    const int8_t *order = TRUMP_ORDER[s->kind];
    for (int i = 0; i < NTRUMPS[s->kind]; i++) {
        uint32_t bit = 1u << order[i];
        if (all & bit) {
            if (!(s->h[d] & bit))
                return 0;
            break;
        }
    }
    if (leader != d || !cashes_all(s, d, order, NTRUMPS[s->kind], s->trumps, 1))
        return -1;
    for (int e = 0; e < 4; e++)
        if (!cashes_all(s, d, PLAIN_ORDER[s->kind][e], NPLAIN[s->kind][e],
                        PLAIN_MASK[s->kind][e], 0))
            return -1;
    return 1;
}

/* Null: 1 when the declarer can avoid every trick from here, else 0. With
 * s->all_tricks (any kind): 1 when he can take every trick, else 0. */
static int ab_null(Search *s, int leader, int n, int c0, int c1)
{
    if (budget_hit(s))
        return 0;
    int seat;
    Key key;
    if (n == 0) {
        if (!(s->h[0] | s->h[1] | s->h[2]))
            return 1;
        if (s->all_tricks) {
            int sure = all_tricks_sure(s, leader);
            if (sure >= 0)
                return sure;
        }
        make_key(s, leader, &key);
        const TTEntry *entry = tt_find(s, &key);
        if (entry)
            return entry->lo;
        seat = leader;
    } else {
        seat = (leader + n) % 3;
    }
    int moves[10];
    int count = gen_moves(s, n, seat, leader, c0, c1, -1, moves);
    int want = seat == s->declarer ? 1 : 0;
    int result = 1 - want;
    uint32_t hand = s->h[seat];
    for (int i = 0; i < count; i++) {
        int c = moves[i], v;
        s->h[seat] = hand & ~(1u << c);
        if (n == 0) {
            v = ab_null(s, leader, 1, c, -1);
        } else if (n == 1) {
            v = ab_null(s, leader, 2, c0, c);
        } else {
            int w = (leader + winner_index(s, c0, c1, c)) % 3;
            v = (w == s->declarer) != s->all_tricks ? 0 : ab_null(s, w, 0, -1, -1);
        }
        if (s->aborted) {
            s->h[seat] = hand;
            return 0;
        }
        if (v == want) {
            result = want;
            break;
        }
    }
    s->h[seat] = hand;
    if (n == 0) {
        tt_put(s, &key, result, result, 255);
    }
    return result;
}

/* ------------------------------------------------------------ positions */

typedef struct {
    int kind, declarer, leader, n;
    uint32_t h[3];
    int trick[2];
} Pos;

static int pos_points_in_play(const Pos *p)
{
    int t = mask_points(p->h[0] | p->h[1] | p->h[2]);
    for (int i = 0; i < p->n; i++)
        t += PTS[p->trick[i]];
    return t;
}

typedef struct {
    unsigned long long max_nodes; /* 0: no limit */
    double seconds;               /* 0: no limit */
    int features;                 /* FEAT_* bits */
} Budget;

static int search_init(Search *s, const Pos *p, const Budget *budget)
{
    memset(s, 0, sizeof *s);
    s->kind = p->kind;
    s->declarer = p->declarer;
    s->h[0] = p->h[0];
    s->h[1] = p->h[1];
    s->h[2] = p->h[2];
    s->eff = EFF[p->kind];
    s->power = POWER[p->kind];
    s->follow = FOLLOW[p->kind];
    s->higher = HIGHER[p->kind];
    for (int c = 0; c < 32; c++)
        if (EFF[p->kind][c] == TRUMP)
            s->trumps |= 1u << c;
    s->group = GROUP[p->kind];
    s->max_nodes = budget->max_nodes ? budget->max_nodes : ~0ull;
    s->features = budget->features;
    memset(s->killer, -1, sizeof s->killer);
    if (budget->seconds > 0)
        s->deadline = monotonic_seconds() + budget->seconds;
    s->tt_bits = TT_MIN_BITS;
    s->tt = tt_alloc((size_t)1 << s->tt_bits, &s->tt_block);
    if (!s->tt)
        return -1;
    if ((s->features & FEAT_QUASI) && QUASI_OK[p->kind]) {
        s->qt_bits = TT_MIN_BITS;
        s->qt = calloc((size_t)1 << s->qt_bits, sizeof(QEntry));
        if (!s->qt) {
            free(s->tt_block);
            return -1;
        }
    }
    return 0;
}

static int run_search(Search *s, const Pos *p, int mode, int target)
{
    int c0 = p->n > 0 ? p->trick[0] : -1, c1 = p->n > 1 ? p->trick[1] : -1;
    if (mode == MODE_ALL_TRICKS) {
        s->all_tricks = 1;
        return ab_null(s, p->leader, p->n, c0, c1);
    }
    if (p->kind == KIND_NULL) {
        int v = ab_null(s, p->leader, p->n, c0, c1);
        return mode == MODE_REACHES ? v >= target : v;
    }
    if (mode == MODE_REACHES)
        return ab_points(s, p->leader, p->n, c0, c1, target - 1, target) >= target;
    /* The exact value from null-window searches: each probe narrows [lo, hi]
     * by its fail-soft result and leaves bounds in the table for the next.
     * Probes bisect (with DESCEND: then step down, see there), or with a guess
     * (mode MODE_GUESS, target) step from it (MTD(f)), which is faster when
     * the guess is close. */
    int lo = 0, hi = pos_points_in_play(p), g = target;
    if (p->n == 0 && (s->features & FEAT_ROOT_BOUNDS)) {
        /* the probes need not look outside the sure bounds */
        int lower, upper;
        sure_bounds(s, p->leader, p->h[0] | p->h[1] | p->h[2], hi, &lower, &upper);
        lo = lower;
        hi = upper;
    }
    while (lo < hi && !s->aborted) {
        int beta;
        if (mode == MODE_GUESS) {
            beta = g > lo ? g : lo + 1;
            if (beta > hi)
                beta = hi;
        } else if ((s->features & FEAT_DESCEND) && hi - lo <= DESCEND_WIDTH) {
            beta = hi;
        } else {
            beta = (lo + hi + 1) / 2;
        }
        int v = ab_points(s, p->leader, p->n, c0, c1, beta - 1, beta);
        if (v >= beta)
            lo = v;
        else
            hi = v;
        g = v;
    }
    return lo;
}

/* ------------------------------------------------------------ argument parsing */

static int parse_mask(PyObject *o, uint32_t *out)
{
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "a hand must be an int card mask");
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < 0 || v > 0xFFFFFFFFll) {
        PyErr_SetString(PyExc_ValueError, "a hand must be a 32-bit card mask");
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

static int parse_pos(PyObject *args, Pos *p, int *mode, int *target, Budget *limits,
                     int with_mode)
{
    PyObject *o0, *o1, *o2, *trick;
    long long budget = 0;
    double seconds = 0;
    int features = 0, ok;
    if (with_mode)
        ok = PyArg_ParseTuple(args, "iOOOiiO!iiLdi", &p->kind, &o0, &o1, &o2, &p->declarer,
                              &p->leader, &PyTuple_Type, &trick, mode, target, &budget,
                              &seconds, &features);
    else
        ok = PyArg_ParseTuple(args, "iOOOiiO!Ldi", &p->kind, &o0, &o1, &o2, &p->declarer,
                              &p->leader, &PyTuple_Type, &trick, &budget, &seconds, &features);
    if (!ok)
        return -1;
    if (!tables_ready) {
        PyErr_SetString(PyExc_RuntimeError, "init_tables() has not been called");
        return -1;
    }
    if (p->kind < 0 || p->kind > KIND_NULL) {
        PyErr_SetString(PyExc_ValueError, "game kind must be 0..5");
        return -1;
    }
    if (p->declarer < 0 || p->declarer > 2 || p->leader < 0 || p->leader > 2) {
        PyErr_SetString(PyExc_ValueError, "seats are 0, 1 or 2");
        return -1;
    }
    if (budget < 0) {
        PyErr_SetString(PyExc_ValueError, "max_nodes must not be negative");
        return -1;
    }
    if (!(seconds >= 0 && seconds < 1e9)) { /* also rejects NaN */
        PyErr_SetString(PyExc_ValueError, "max_seconds must be a positive number of seconds");
        return -1;
    }
    if (features & ~FEAT_ALL) {
        PyErr_SetString(PyExc_ValueError, "unknown search features");
        return -1;
    }
    limits->max_nodes = (unsigned long long)budget;
    limits->seconds = seconds;
    limits->features = features;
    if (parse_mask(o0, &p->h[0]) || parse_mask(o1, &p->h[1]) || parse_mask(o2, &p->h[2]))
        return -1;
    if ((p->h[0] & p->h[1]) || (p->h[0] & p->h[2]) || (p->h[1] & p->h[2])) {
        PyErr_SetString(PyExc_ValueError, "the hands share a card");
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(trick);
    if (n > 2) {
        PyErr_SetString(PyExc_ValueError, "the current trick holds at most two cards");
        return -1;
    }
    p->n = (int)n;
    uint32_t seen = p->h[0] | p->h[1] | p->h[2];
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(trick, i));
        if (c == -1 && PyErr_Occurred())
            return -1;
        if (c < 0 || c > 31) {
            PyErr_SetString(PyExc_ValueError, "a card number is 0..31");
            return -1;
        }
        if (seen >> c & 1) {
            PyErr_SetString(PyExc_ValueError, "a trick card is also held or played twice");
            return -1;
        }
        seen |= 1u << c;
        p->trick[i] = (int)c;
    }
    int size = popcount32(p->h[p->leader]) + (n ? 1 : 0);
    for (int i = 0; i < 3; i++) {
        int seat = (p->leader + i) % 3;
        int want = i < n ? size - 1 : size;
        if (popcount32(p->h[seat]) != want) {
            PyErr_SetString(PyExc_ValueError, "hand sizes do not fit the trick");
            return -1;
        }
    }
    if (size > 10 || (size == 0 && n)) {
        PyErr_SetString(PyExc_ValueError, "hands hold 1 to 10 cards");
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ module functions */

static PyObject *py_init_tables(PyObject *self, PyObject *args)
{
    Py_buffer eff, power, pts;
    if (!PyArg_ParseTuple(args, "y*y*y*", &eff, &power, &pts))
        return NULL;
    PyObject *result = NULL;
    if (eff.len != NKINDS * 32 || power.len != NKINDS * 32 || pts.len != 32) {
        PyErr_SetString(PyExc_ValueError, "tables have the wrong size");
        goto done;
    }
    const uint8_t *e = eff.buf, *pw = power.buf;
    for (int i = 0; i < NKINDS * 32; i++) {
        if (e[i] > TRUMP) {
            PyErr_SetString(PyExc_ValueError, "effective suits are 0..4");
            goto done;
        }
    }
    /* rebuilding the tables while a search reads them would be a race */
    if (tables_ready) {
        if (memcmp(EFF, e, sizeof EFF) || memcmp(POWER, pw, sizeof POWER) ||
            memcmp(PTS, pts.buf, sizeof PTS)) {
            PyErr_SetString(PyExc_RuntimeError, "tables are already set to other values");
            goto done;
        }
        result = Py_NewRef(Py_None);
        goto done;
    }
    memcpy(EFF, e, sizeof EFF);
    memcpy(POWER, pw, sizeof POWER);
    memcpy(PTS, pts.buf, sizeof PTS);
    if (build_tables() < 0) {
        PyErr_SetString(PyExc_ValueError, "the tables do not describe a Skat deck");
        goto done;
    }
    tables_ready = 1;
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&eff);
    PyBuffer_Release(&power);
    PyBuffer_Release(&pts);
    return result;
}

static PyObject *py_search(PyObject *self, PyObject *args)
{
    Pos p;
    int mode = 0, target = 0;
    Budget budget;
    if (parse_pos(args, &p, &mode, &target, &budget, 1) < 0)
        return NULL;
    if (mode != MODE_EXACT && mode != MODE_REACHES && mode != MODE_GUESS &&
        mode != MODE_ALL_TRICKS) {
        PyErr_SetString(PyExc_ValueError, "unknown search mode");
        return NULL;
    }
    Search s;
    if (search_init(&s, &p, &budget) < 0)
        return PyErr_NoMemory();
    int value;
    Py_BEGIN_ALLOW_THREADS
    value = run_search(&s, &p, mode, target);
    Py_END_ALLOW_THREADS
    free(s.tt_block);
    free(s.qt);
    if (s.aborted)
        value = 0;
    return Py_BuildValue("iKO", value, s.nodes, s.aborted ? Py_False : Py_True);
}

/* The position after the seat to move plays c, into q (and the search's
 * hands). Returns 1 when c completes the trick: then *winner took it, and
 * *add holds its points when that is the declarer (else 0). */
static int play_into(Search *s, const Pos *p, int c, Pos *q, int *winner, int *add)
{
    *q = *p;
    int seat = (p->leader + p->n) % 3;
    q->h[seat] &= ~(1u << c);
    s->h[0] = q->h[0];
    s->h[1] = q->h[1];
    s->h[2] = q->h[2];
    if (p->n < 2) {
        q->trick[q->n++] = c;
        return 0;
    }
    int w = (p->leader + winner_index(s, p->trick[0], p->trick[1], c)) % 3;
    q->n = 0;
    q->leader = w;
    *winner = w;
    *add = w == p->declarer ? PTS[p->trick[0]] + PTS[p->trick[1]] + PTS[c] : 0;
    return 1;
}

/* the value (counted from p) of playing card c, the seat to move's card;
 * guess (counted from p as well) is a likely value, or -1 */
static int child_value(Search *s, const Pos *p, int c, int guess)
{
    Pos q;
    int w = 0, add = 0, mode = guess >= 0 ? MODE_GUESS : MODE_EXACT;
    if (!play_into(s, p, c, &q, &w, &add))
        return run_search(s, &q, mode, guess);
    int more = (q.h[0] | q.h[1] | q.h[2]) != 0;
    if (p->kind == KIND_NULL) {
        if (w == p->declarer)
            return 0;
        return more ? run_search(s, &q, MODE_EXACT, 0) : 1;
    }
    return add + (more ? run_search(s, &q, mode, guess - add) : 0);
}

/* The legal cards of the seat to move at p, lowest first, and for each the
 * card its class of equivalent cards is searched by. Returns the count. */
static int root_moves(const Search *s, const Pos *p, int *cards, int *reps)
{
    int seat = (p->leader + p->n) % 3;
    uint32_t hand = p->h[seat], legal = hand;
    uint32_t inplay = p->h[0] | p->h[1] | p->h[2];
    for (int i = 0; i < p->n; i++)
        inplay |= 1u << p->trick[i];
    if (p->n) {
        uint32_t f = hand & s->follow[p->trick[0]];
        if (f)
            legal = f;
    }
    int count = 0;
    while (legal) {
        int c = lowest(legal);
        legal &= legal - 1;
        cards[count] = c;
        reps[count++] = representative(s, hand, inplay, c);
    }
    return count;
}

/* the first move (index) searched by the same card as move i: i itself when none before */
static inline int same_class(const int *reps, int i)
{
    int j = 0;
    while (reps[j] != reps[i])
        j++;
    return j;
}

/* values of all legal moves; equivalent cards share one search */
static int all_move_values(Search *s, const Pos *p, int *cards, int *values)
{
    int reps[10], count = root_moves(s, p, cards, reps), last = -1;
    for (int i = 0; i < count; i++) {
        int j = same_class(reps, i);
        if (j < i) {
            values[i] = values[j];
            continue;
        }
        /* the moves' values are often close: start from the last one */
        values[i] = last = child_value(s, p, reps[i], last);
        if (s->aborted)
            return i;
    }
    return count;
}

/* does the declarer reach t points (counted from p) after the seat to move plays c? */
static int child_reaches(Search *s, const Pos *p, int c, int t)
{
    Pos q;
    int w = 0, add = 0;
    if (!play_into(s, p, c, &q, &w, &add))
        return run_search(s, &q, MODE_REACHES, t);
    int more = (q.h[0] | q.h[1] | q.h[2]) != 0;
    if (p->kind == KIND_NULL) {
        if (w == p->declarer)
            return t <= 0;
        return more ? run_search(s, &q, MODE_REACHES, t) : t <= 1;
    }
    if (add >= t)
        return 1;
    return more ? run_search(s, &q, MODE_REACHES, t - add) : 0;
}

/* child_reaches within move_nodes more nodes (0: no such cap): 2 when the
 * search ran over that cap (the table keeps only finished results, so the
 * search goes on with the next move) */
static int capped_reaches(Search *s, const Pos *p, int c, int t, unsigned long long move_nodes)
{
    if (!move_nodes)
        return child_reaches(s, p, c, t);
    unsigned long long limit = s->max_nodes, cap = s->nodes + move_nodes;
    if (cap < limit)
        s->max_nodes = cap;
    int v = child_reaches(s, p, c, t);
    if (s->aborted && s->max_nodes < limit && s->nodes > s->max_nodes &&
        !(s->deadline > 0 && monotonic_seconds() > s->deadline)) {
        s->aborted = 0;
        v = 2;
    }
    s->max_nodes = limit;
    return v;
}

/* Thresholds of all legal moves in one search (one table): does the declarer
 * reach `need` after each move, and then `above` (when he does) or `below`
 * (when he does not)? Points counted from p; 2 for a search over move_nodes
 * (then the second is not searched). Equivalent cards share one search. */
static int all_move_reaches(Search *s, const Pos *p, int need, int above, int below,
                            unsigned long long move_nodes, int *cards, int *mains, int *seconds)
{
    int reps[10], count = root_moves(s, p, cards, reps);
    for (int i = 0; i < count; i++) {
        int j = same_class(reps, i);
        if (j < i) {
            mains[i] = mains[j];
            seconds[i] = seconds[j];
            continue;
        }
        int m = capped_reaches(s, p, reps[i], need, move_nodes);
        int t2 = m ? above : below;
        int sec = m;
        if (m != 2 && t2 != need && !s->aborted)
            sec = capped_reaches(s, p, reps[i], t2, move_nodes);
        if (s->aborted)
            return i;
        mains[i] = m;
        seconds[i] = sec;
    }
    return count;
}

/* ([(card, first[i]) or (card, first[i], second[i]), ...], nodes, completed) */
static PyObject *move_result(const Search *s, int count, const int *cards, const int *first,
                             const int *second)
{
    if (s->aborted)
        return Py_BuildValue("[]KO", s->nodes, Py_False);
    PyObject *list = PyList_New(count);
    if (!list)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *item = second ? Py_BuildValue("iii", cards[i], first[i], second[i])
                                : Py_BuildValue("ii", cards[i], first[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return Py_BuildValue("NKO", list, s->nodes, Py_True);
}

static PyObject *py_move_reaches(PyObject *self, PyObject *args)
{
    Pos p;
    Budget budget;
    PyObject *rest;
    int need, above, below;
    long long move_nodes = 0;
    if (!PyArg_ParseTuple(args, "O!iii|L", &PyTuple_Type, &rest, &need, &above, &below,
                          &move_nodes))
        return NULL;
    if (move_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "move_nodes must not be negative");
        return NULL;
    }
    if (parse_pos(rest, &p, NULL, NULL, &budget, 0) < 0)
        return NULL;
    Search s;
    if (search_init(&s, &p, &budget) < 0)
        return PyErr_NoMemory();
    int cards[10], mains[10], seconds[10], count;
    Py_BEGIN_ALLOW_THREADS
    count = all_move_reaches(&s, &p, need, above, below, (unsigned long long)move_nodes,
                             cards, mains, seconds);
    Py_END_ALLOW_THREADS
    free(s.tt_block);
    free(s.qt);
    return move_result(&s, count, cards, mains, seconds);
}

static PyObject *py_move_values(PyObject *self, PyObject *args)
{
    Pos p;
    Budget budget;
    if (parse_pos(args, &p, NULL, NULL, &budget, 0) < 0)
        return NULL;
    Search s;
    if (search_init(&s, &p, &budget) < 0)
        return PyErr_NoMemory();
    int cards[10], values[10], count;
    Py_BEGIN_ALLOW_THREADS
    count = all_move_values(&s, &p, cards, values);
    Py_END_ALLOW_THREADS
    free(s.tt_block);
    free(s.qt);
    return move_result(&s, count, cards, values, NULL);
}

/* ------------------------------------------------------------ table probes for tests */

static int check_kind_card(int kind, int c)
{
    if (!tables_ready) {
        PyErr_SetString(PyExc_RuntimeError, "init_tables() has not been called");
        return -1;
    }
    if (kind < 0 || kind >= NKINDS || c < 0 || c > 31) {
        PyErr_SetString(PyExc_ValueError, "kind 0..6 and cards 0..31");
        return -1;
    }
    return 0;
}

static PyObject *py_trick_winner(PyObject *self, PyObject *args)
{
    int kind, c0, c1, c2;
    if (!PyArg_ParseTuple(args, "iiii", &kind, &c0, &c1, &c2))
        return NULL;
    if (check_kind_card(kind, c0) || check_kind_card(kind, c1) || check_kind_card(kind, c2))
        return NULL;
    Search s;
    memset(&s, 0, sizeof s);
    s.eff = EFF[kind];
    s.power = POWER[kind];
    return PyLong_FromLong(winner_index(&s, c0, c1, c2));
}

static PyObject *py_legal_mask(PyObject *self, PyObject *args)
{
    int kind, lead;
    PyObject *o;
    uint32_t hand;
    if (!PyArg_ParseTuple(args, "iOi", &kind, &o, &lead))
        return NULL;
    if (parse_mask(o, &hand) || check_kind_card(kind, lead < 0 ? 0 : lead))
        return NULL;
    uint32_t legal = hand;
    if (lead >= 0 && (hand & FOLLOW[kind][lead]))
        legal = hand & FOLLOW[kind][lead];
    return PyLong_FromUnsignedLong(legal);
}

static PyObject *py_mask_points(PyObject *self, PyObject *args)
{
    PyObject *o;
    uint32_t m;
    if (!PyArg_ParseTuple(args, "O", &o))
        return NULL;
    if (parse_mask(o, &m) || check_kind_card(0, 0))
        return NULL;
    return PyLong_FromLong(mask_points(m));
}

static PyMethodDef methods[] = {
    {"trick_winner", py_trick_winner, METH_VARARGS,
     "trick_winner(kind, c0, c1, c2) -> index of the winning card (for tests)."},
    {"legal_mask", py_legal_mask, METH_VARARGS,
     "legal_mask(kind, hand, lead) -> the legal cards; lead -1 when leading (for tests)."},
    {"mask_points", py_mask_points, METH_VARARGS,
     "mask_points(mask) -> card points of the cards in mask (for tests)."},
    {"init_tables", py_init_tables, METH_VARARGS,
     "init_tables(effective_suit, power, points): set the card tables (bytes)."},
    {"search", py_search, METH_VARARGS,
     "search(kind, h0, h1, h2, declarer, leader, trick, mode, target, max_nodes, max_seconds,"
     " features) -> (value, nodes, completed)."},
    {"move_values", py_move_values, METH_VARARGS,
     "move_values(kind, h0, h1, h2, declarer, leader, trick, max_nodes, max_seconds,"
     " features) -> ([(card, value), ...], nodes, completed)."},
    {"move_reaches", py_move_reaches, METH_VARARGS,
     "move_reaches((kind, h0, h1, h2, declarer, leader, trick, max_nodes, max_seconds,"
     " features), need, above, below[, move_nodes]) -> ([(card, reaches need, reaches above"
     " or below), ...], nodes, completed); 2: over move_nodes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csolver", "C core of the double-dummy solver.", -1, methods,
};

/* raised whenever the calling convention changes; solver.py checks it */
#define API_VERSION 7

PyMODINIT_FUNC PyInit__csolver(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m && (PyModule_AddIntConstant(m, "API_VERSION", API_VERSION) < 0 ||
              PyModule_AddIntConstant(m, "FEATURES_ALL", FEAT_ALL) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
