/*
 * The arena's bridge (ours): runs one game of Keldon Jones's RFTG engine, which referees,
 * with one seat ("ours") answered over a line protocol on stdin/stdout and every other seat
 * played by Keldon's AI ("keldonN", N its seat number). Compiled against a snapshot of that
 * program's sources (engine, init, ai, net), which are never part of our repository.
 *
 * Usage: bridge SEED EXPANSION PLAYERS OUR_SEAT [FACTOR]
 *
 * Lines written (numbers separated by spaces):
 *   C idx name            the card at index idx (once each, before the game)
 *   GOAL idx name         a goal in play (before the game)
 *   START seat idx        a seat's start world ("keldon" or "ours")
 *   DRAW idx seat to [w]  a card drawn, in the order drawn: its seat and "hand", or "good"
 *                         and the world it lies on
 *   MOVED idx where       a card left the deck other than by a draw (where it went)
 *   HAND seat n t         a seat's hand size and tableau size (after each DRAW run)
 *   ASK type a1 a2 a3 nl list... ns special...     a question for our seat
 *   KASK seat type a1 a2 a3 nl list... ns special...    a question for Keldon's AI
 *   KANS seat type rv nl list... ns special...          the AI's answer (seat: its name)
 *   WAIT                  the engine blocks until our seat's answer is read
 *   END seat vp winner    once per seat at the end
 * Answer lines read: rv nl list... ns special...
 */

#include "rftg.h"

int verbose = 0;

static int our_seat_pending[MAX_PLAYER];
static int prev_where[MAX_DECK];
static int cand[65536], ncand;
static int start_told;

void display_error(char *msg) { fprintf(stderr, "%s", msg); }
void message_add(game *g, char *msg) { (void)g; (void)msg; }
void message_add_formatted(game *g, char *msg, char *tag) { (void)g; (void)msg; (void)tag; }

/* The engine's draws pick the (rand % deck size)-th deck card: note which card each real
 * draw would take, so the cards that left the deck can be told in the order drawn. */
int game_rand(game *g)
{
	int r = simple_rand(&g->random_seed);
	int i, n = 0, k;

	if (g->simulation) return r;
	for (i = 0; i < g->deck_size; i++) if (g->deck[i].where == WHERE_DECK) n++;
	if (!n || ncand >= 65536) return r;
	k = r % n;
	for (i = 0; i < g->deck_size; i++)
	{
		if (g->deck[i].where != WHERE_DECK) continue;
		if (!k--) { cand[ncand++] = i; break; }
	}
	return r;
}

static char names[MAX_PLAYER][16];

static const char *seat_name(game *g, int who) { return g->p[who].name; }

static void sync(game *g)
{
	int i, j, last;

	if (!start_told)
	{
		for (i = 0; i < g->num_players; i++)
			printf("START %s %d\n", seat_name(g, i), g->p[i].start);
		start_told = 1;
	}
	for (i = 0; i < ncand; i++)
	{
		int c = cand[i];
		for (last = 1, j = i + 1; j < ncand; j++) if (cand[j] == c) last = 0;
		/* Drawn, then discarded and shuffled back into the deck since the last sync (a
		 * flip that missed, the deck running out after it): a card moved to the discard
		 * pile, then drawn again or not. (The goals and start worlds chosen before the
		 * first sync also show so: the arena drops those.) */
		if (!last || g->deck[c].where == WHERE_DECK)
		{
			if (last || g->deck[c].where != WHERE_DECK)
				printf("MOVED %d %d\n", c, WHERE_DISCARD);
			continue;
		}
		/* A draw lands in a hand or under a world; anything else left the deck otherwise. */
		if (g->deck[c].where == WHERE_HAND)
			printf("DRAW %d %s hand\n", c, seat_name(g, g->deck[c].owner));
		else if (g->deck[c].where == WHERE_GOOD)
			printf("DRAW %d %s good %d\n", c, seat_name(g, g->deck[c].owner),
			       g->deck[c].covering);
		else
			printf("MOVED %d %d\n", c, g->deck[c].where);
	}
	for (i = 0; i < g->deck_size; i++)
	{
		int seen = 0;
		if (prev_where[i] == WHERE_DECK && g->deck[i].where != WHERE_DECK)
		{
			for (j = 0; j < ncand; j++) if (cand[j] == i) seen = 1;
			if (!seen) printf("DRAWX %d\n", i);
		}
		prev_where[i] = g->deck[i].where;
	}
	ncand = 0;
	for (i = 0; i < g->num_players; i++)
		printf("HAND %s %d %d\n", seat_name(g, i), count_player_area(g, i, WHERE_HAND),
		       count_player_area(g, i, WHERE_ACTIVE));
}

static void print_ints(int n, int *v)
{
	int i;
	printf(" %d", n);
	for (i = 0; i < n; i++) printf(" %d", v[i]);
}

static void print_question(const char *tag, int type, int list[], int *nl, int special[],
                           int *ns, int arg1, int arg2, int arg3)
{
	printf("%s%s%d %d %d %d", tag, *tag ? " " : "", type, arg1, arg2, arg3);
	print_ints(nl ? *nl : 0, list);
	print_ints(ns ? *ns : 0, special);
	printf("\n");
}

static void log_answer(game *g, int who, int type, int rv, int nl, int *list, int ns, int *special)
{
	player *p_ptr = &g->p[who];
	int *l_ptr = &p_ptr->choice_log[p_ptr->choice_size];
	int i;

	*l_ptr++ = type;
	*l_ptr++ = rv;
	*l_ptr++ = nl;
	for (i = 0; i < nl; i++) *l_ptr++ = list[i];
	*l_ptr++ = ns;
	for (i = 0; i < ns; i++) *l_ptr++ = special[i];
	p_ptr->choice_size = l_ptr - p_ptr->choice_log;
}

/* Keldon's AI, told to the arena question and answer. */
extern decisions ai_func;

static void keldon_choice(game *g, int who, int type, int list[], int *nl, int special[],
                          int *ns, int arg1, int arg2, int arg3)
{
	player *p_ptr = &g->p[who];
	int *l_ptr, i, n;

	sync(g);
	printf("KASK %s ", seat_name(g, who));     /* seats are renumbered at the start */
	print_question("", type, list, nl, special, ns, arg1, arg2, arg3);
	l_ptr = &p_ptr->choice_log[p_ptr->choice_size];
	ai_func.make_choice(g, who, type, list, nl, special, ns, arg1, arg2, arg3);
	/* The answer is the entry the AI appended to its choice log. */
	printf("KANS %s %d %d", seat_name(g, who), l_ptr[0], l_ptr[1]);
	n = l_ptr[2];
	print_ints(n, l_ptr + 3);
	l_ptr += 3 + n;
	print_ints(l_ptr[0], l_ptr + 1);
	printf("\n");
	(void)i;
	fflush(stdout);
}

static void keldon_init(game *g, int who, double factor) { ai_func.init(g, who, factor); }
static void keldon_rotation(game *g, int who) { ai_func.notify_rotation(g, who); }
static void keldon_sample(game *g, int who, int draw, int keep, int discard_any)
{
	ai_func.explore_sample(g, who, draw, keep, discard_any);
}
static void nothing(game *g, int who) { (void)g; (void)who; }

/* Our seat: the question is told at once; the answer is read when the engine waits for it,
 * so a question asked of every seat at once reaches Keldon's AI before ours is read. */
static void ours_choice(game *g, int who, int type, int list[], int *nl, int special[],
                        int *ns, int arg1, int arg2, int arg3)
{
	sync(g);
	print_question("ASK", type, list, nl, special, ns, arg1, arg2, arg3);
	fflush(stdout);
	our_seat_pending[who] = type + 1;
}

static int read_int(void)
{
	int v;
	if (scanf("%d", &v) != 1)
	{
		fprintf(stderr, "bridge: no answer on stdin\n");
		exit(3);
	}
	return v;
}

static void ours_wait(game *g, int who)
{
	int rv, nl, ns, i, list[MAX_DECK], special[MAX_DECK];

	if (!our_seat_pending[who]) return;
	printf("WAIT\n");
	fflush(stdout);
	rv = read_int();
	nl = read_int();
	for (i = 0; i < nl; i++) list[i] = read_int();
	ns = read_int();
	for (i = 0; i < ns; i++) special[i] = read_int();
	log_answer(g, who, our_seat_pending[who] - 1, rv, nl, list, ns, special);
	our_seat_pending[who] = 0;
}

static void ours_init(game *g, int who, double factor) { (void)g; (void)who; (void)factor; }
static void ours_rotation(game *g, int who) { (void)g; (void)who; }

static decisions keldon_seat = {
	keldon_init, keldon_rotation, NULL, keldon_choice, NULL, keldon_sample,
	nothing, nothing, NULL,
};

static decisions ours_seat = {
	ours_init, ours_rotation, NULL, ours_choice, ours_wait, NULL,
	nothing, nothing, NULL,
};

int main(int argc, char *argv[])
{
	static game g;
	int i, ours;
	double factor = 1.0;

	if (argc < 5)
	{
		fprintf(stderr, "usage: bridge SEED EXPANSION PLAYERS OUR_SEAT [FACTOR]\n");
		return 2;
	}
	if (read_cards(NULL) < 0) return 1;
	g.random_seed = (unsigned int)strtoul(argv[1], NULL, 10);
	g.expanded = atoi(argv[2]);
	g.num_players = atoi(argv[3]);
	ours = atoi(argv[4]);
	if (argc > 5) factor = atof(argv[5]);
	g.advanced = 0;
	g.promo = 0;
	g.goal_disabled = 0;
	g.takeover_disabled = 0;
	g.camp = NULL;
	for (i = 0; i < g.num_players; i++)
	{
		sprintf(names[i], i == ours ? "ours" : "keldon%d", i);
		g.p[i].name = names[i];
		g.p[i].control = i == ours ? &ours_seat : &keldon_seat;
		g.p[i].control->init(&g, i, factor);
		g.p[i].choice_log = (int *)malloc(sizeof(int) * 65536);
		g.p[i].choice_size = 0;
		g.p[i].choice_pos = 0;
	}
	init_game(&g);
	g.session_id = -1;
	for (i = 0; i < g.deck_size; i++)
	{
		printf("C %d %s\n", i, g.deck[i].d_ptr->name);
		prev_where[i] = g.deck[i].where;
	}
	for (i = 0; i < MAX_GOAL; i++)
		if (g.goal_active[i]) printf("GOAL %d %s\n", i, goal_name[i]);
	fflush(stdout);
	begin_game(&g);
	while (!g.game_over && game_round(&g));
	sync(&g);
	score_game(&g);
	declare_winner(&g);
	for (i = 0; i < g.num_players; i++)
		printf("END %s %d %d\n", seat_name(&g, i), g.p[i].end_vp, g.p[i].winner);
	fflush(stdout);
	return 0;
}
