/* Annealing over whole hands with bounds on pair counts over prefixes ("windows") of the evening.

   window_search P H seed seconds T0 FIX WINDOW...  [< hands]
   WINDOW is KIND:END:LO:HI (KIND p = partners, o = opponents, s = sit-outs): over hands 1..END
   every pair's count (every player's, for s) should lie in LO..HI; the cost is the sum of the
   shortfalls (partner and sit-out ones x4). With s windows a move may also swap a seated player
   with one sitting out.
   Hands come on stdin (H lines of P - P%4 seated players, table by table N E S W; who sits out
   each hand is thereby its start) or, without stdin (P given as -P), hand 1 seats 0.. in order and
   the sit-outs follow the rotation of whistdrive.movements.schedule._rotation_pick.
   Hands 1..FIX are kept; the others are annealed by swapping two players of one hand.
   Prints H lines of seated players, or "FAIL cost" when the time runs out.
   Example, 14 players and 30 hands spreading partners at every prefix of 14..30 hands:
     window_search -14 30 1 60 1.0 1 p:15:0:1 p:16:1:2 p:30:1:2 o:13:0:2 o:30:2:6 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXP 64
#define MAXH 64
#define MAXW 72
static int P, H, SEATED, W;
static int hand[MAXH][MAXP];
static int sitcnt[MAXW][MAXP], sitwin;
static int wkind[MAXW], wend[MAXW], wlo[MAXW], whi[MAXW];
static int cnt[MAXW][MAXP][MAXP];
static unsigned long long rs;
static inline unsigned rnd(void) {
  rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs >> 11);
}
static inline double urand(void) { return (rnd() & 0xffffff) / 16777216.0; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static inline int miss(int w, int c) { return c > whi[w] ? c - whi[w] : c < wlo[w] ? wlo[w] - c : 0; }

/* add (s = 1) or remove (s = -1) one table of hand r; returns the change of cost */
static int add(int r, const int *t, int s) {
  static const int PR[2][2] = {{0, 2}, {1, 3}};
  static const int OP[4][2] = {{0, 1}, {0, 3}, {2, 1}, {2, 3}};
  int d = 0;
  for (int w = 0; w < W; w++) {
    if (r >= wend[w] || wkind[w] == 2) continue;
    int n = wkind[w] ? 4 : 2, weight = wkind[w] ? 1 : 4;
    for (int k = 0; k < n; k++) {
      int a = wkind[w] ? t[OP[k][0]] : t[PR[k][0]], b = wkind[w] ? t[OP[k][1]] : t[PR[k][1]];
      int before = cnt[w][a][b];
      cnt[w][a][b] += s; cnt[w][b][a] += s;
      d += weight * (miss(w, cnt[w][a][b]) - miss(w, before));
    }
  }
  return d;
}

/* player x sits out (s = 1) or no longer (s = -1) in hand r; returns the change of cost */
static int sit(int r, int x, int s) {
  int d = 0;
  for (int w = 0; w < W; w++) {
    if (wkind[w] != 2 || r >= wend[w]) continue;
    int before = sitcnt[w][x];
    sitcnt[w][x] += s;
    d += 4 * (miss(w, sitcnt[w][x]) - miss(w, before));
  }
  return d;
}

static void rotation(void) {
  int missed[MAXP] = {0};
  for (int r = 0; r < H; r++) {
    int out[MAXP] = {0};
    if (r == 0) {
      for (int x = SEATED; x < P; x++) out[x] = 1;
    } else {
      for (int k = 0; k < P - SEATED; k++) {
        int best = -1;
        for (int x = 0; x < P; x++)
          if (!out[x] && (best < 0 || missed[x] < missed[best])) best = x;
        out[best] = 1;
      }
    }
    int n = 0, o = SEATED;
    for (int x = 0; x < P; x++) {
      if (out[x]) missed[x]++, hand[r][o++] = x;
      else hand[r][n++] = x;
    }
  }
}

static long total(void) {
  long c = 0;
  for (int w = 0; w < W; w++) {
    if (wkind[w] == 2) {
      for (int a = 0; a < P; a++) c += 4 * miss(w, sitcnt[w][a]);
      continue;
    }
    for (int a = 0; a < P; a++)
      for (int b = a + 1; b < P; b++) c += (wkind[w] ? 1 : 4) * miss(w, cnt[w][a][b]);
  }
  return c;
}

int main(int argc, char **argv) {
  if (argc < 8) { fprintf(stderr, "usage: P H seed seconds T0 FIX WINDOW...\n"); return 2; }
  P = atoi(argv[1]); H = atoi(argv[2]);
  int from_stdin = P > 0;
  if (P < 0) P = -P;
  rs = 88172645463325252ULL ^ (unsigned long long)atoll(argv[3]) * 2654435761ULL;
  double seconds = atof(argv[4]), T0 = atof(argv[5]);
  int fix = atoi(argv[6]);
  W = argc - 7;
  for (int w = 0; w < W; w++) {
    char kind;
    if (sscanf(argv[7 + w], "%c:%d:%d:%d", &kind, &wend[w], &wlo[w], &whi[w]) != 4) return 2;
    wkind[w] = kind == 'o' ? 1 : kind == 's' ? 2 : 0;
    if (wkind[w] == 2) sitwin = 1;
  }
  SEATED = P - P % 4;
  if (from_stdin) {
    for (int r = 0; r < H; r++) {
      int seen[MAXP] = {0}, o = SEATED;
      for (int i = 0; i < SEATED; i++) {
        if (scanf("%d", &hand[r][i]) != 1) { fprintf(stderr, "bad input\n"); return 2; }
        seen[hand[r][i]] = 1;
      }
      for (int x = 0; x < P; x++)
        if (!seen[x]) hand[r][o++] = x;
    }
  } else {
    rotation();
  }
  for (int r = fix; r < H; r++) /* a random start for the annealed hands */
    for (int i = SEATED - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = hand[r][i]; hand[r][i] = hand[r][j]; hand[r][j] = t; }
  for (int r = 0; r < H; r++) {
    for (int t = 0; t < SEATED / 4; t++) add(r, hand[r] + 4 * t, 1);
    for (int w = 0; w < W; w++)
      if (wkind[w] == 2 && r < wend[w])
        for (int i = SEATED; i < P; i++) sitcnt[w][hand[r][i]]++;
  }
  long cost = total(), best = cost;
  double start = now(), T = T0;
  for (long it = 0; cost > 0; it++) {
    if ((it & 0xffff) == 0) {
      double f = (now() - start) / seconds;
      if (f >= 1) break;
      T = T0 * pow(0.02 / T0, f);
      if ((it & 0xffffff) == 0) fprintf(stderr, "t %.0f cost %ld best %ld\n", now() - start, cost, best);
    }
    int r = fix + rnd() % (H - fix), *h = hand[r];
    if (sitwin && P > SEATED && (rnd() & 3) == 0) {
      /* a seated player and one sitting out change places */
      int i = rnd() % SEATED, j = SEATED + rnd() % (P - SEATED), ti = i >> 2;
      long d = add(r, h + 4 * ti, -1) + sit(r, h[i], 1) + sit(r, h[j], -1);
      int x = h[i]; h[i] = h[j]; h[j] = x;
      d += add(r, h + 4 * ti, 1);
      if (d <= 0 || urand() < exp(-d / T)) {
        cost += d;
        if (cost < best) best = cost;
      } else {
        add(r, h + 4 * ti, -1);
        x = h[i]; h[i] = h[j]; h[j] = x;
        sit(r, h[i], -1); sit(r, h[j], 1);
        add(r, h + 4 * ti, 1);
      }
      continue;
    }
    int i = rnd() % SEATED, j = rnd() % SEATED, ti = i >> 2, tj = j >> 2;
    if (i == j || (ti == tj && ((i - j) & 1) == 0)) continue;
    long d = add(r, h + 4 * ti, -1);
    if (tj != ti) d += add(r, h + 4 * tj, -1);
    int x = h[i]; h[i] = h[j]; h[j] = x;
    d += add(r, h + 4 * ti, 1);
    if (tj != ti) d += add(r, h + 4 * tj, 1);
    if (d <= 0 || urand() < exp(-d / T)) {
      cost += d;
      if (cost < best) best = cost;
    } else {
      add(r, h + 4 * ti, -1);
      if (tj != ti) add(r, h + 4 * tj, -1);
      x = h[i]; h[i] = h[j]; h[j] = x;
      add(r, h + 4 * ti, 1);
      if (tj != ti) add(r, h + 4 * tj, 1);
    }
  }
  if (cost) printf("FAIL %ld\n", cost); /* the hands follow, for a look at what is missed */
  for (int r = 0; r < H; r++) {
    for (int i = 0; i < SEATED; i++) printf("%d ", hand[r][i]);
    printf("\n");
  }
  return cost ? 1 : 0;
}
