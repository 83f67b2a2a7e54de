/*
 * Verdicts of GS1's reference implementation (gs1-syntax-engine, Apache-2.0) under its default
 * options, for scripts/gs1/reference-vectors.mjs. Reads lines "<mode> <hex of input>" (mode: dl,
 * data, ai, scan) and prints "ok <hex of AI data string>" or "fail <hex of error message>".
 * Build: cc -I<engine>/src/c-lib reference-oracle.c <engine>/src/c-lib/build/libgs1encoders.a
 */
#include <stdio.h>
#include <string.h>
#include "gs1encoders.h"

static void unhex(const char *in, char *out) {
	unsigned int c;
	while (in[0] && in[1] && sscanf(in, "%2x", &c) == 1) { *out++ = (char)c; in += 2; }
	*out = '\0';
}

static void hex(const char *s) {
	for (; *s; s++) printf("%02x", (unsigned char)*s);
}

int main(void) {
	static char line[20000], input[10000];
	gs1_encoder *ctx = gs1_encoder_init_ex(NULL, NULL);
	if (!ctx) return 1;
	while (fgets(line, sizeof(line), stdin)) {
		char mode[8] = {0};
		char *space = strchr(line, ' ');
		bool ok;
		if (!space) continue;
		memcpy(mode, line, (size_t)(space - line) < 7 ? (size_t)(space - line) : 7);
		line[strcspn(line, "\n")] = '\0';
		unhex(space + 1, input);
		if (strcmp(mode, "ai") == 0) ok = gs1_encoder_setAIdataStr(ctx, input);
		else if (strcmp(mode, "scan") == 0) ok = gs1_encoder_setScanData(ctx, input);
		else ok = gs1_encoder_setDataStr(ctx, input);
		if (ok) {
			char *ai = gs1_encoder_getAIdataStr(ctx);
			printf("ok ");
			hex(ai ? ai : "");
		} else {
			printf("fail ");
			hex(gs1_encoder_getErrMsg(ctx));
		}
		printf("\n");
		fflush(stdout);
	}
	gs1_encoder_free(ctx);
	return 0;
}
