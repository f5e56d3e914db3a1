/*
 * step-count PROGRAM [ARGS...]: runs PROGRAM and prints how many
 * instructions it executes between its first two `sched_yield` calls,
 * counted by stepping it one instruction at a time under ptrace(2).
 *
 * The CPU runs every instruction itself, so this counts the code a timed
 * run times, AVX-512 included, where callgrind (which emulates the CPU
 * and has no AVX-512) cannot. `uri-bench once` brackets its pass with
 * the two calls. A string instruction with a `rep` prefix is counted once
 * per repetition, and the second call's own `syscall` instruction is
 * counted; no subject of the parser's rows makes either matter.
 *
 * With STEP_PROFILE=FILE in the environment it also writes the address
 * of every instruction it counts to FILE, eight bytes each in the
 * machine's order, and the program's memory map at the window's start to
 * FILE.maps, from which a profile by instruction can be read.
 *
 * Linux on x86-64 only. Every instruction is a trap and a system call
 * or two, some tens of microseconds each on a virtual machine.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static void fail(const char *what) {
    perror(what);
    exit(2);
}

/* Resumes the child with `request` and waits for its next stop; exits
 * when it ends instead. */
static int resume(pid_t child, enum __ptrace_request request) {
    int status;
    if (ptrace(request, child, 0, 0) == -1) fail("ptrace");
    if (waitpid(child, &status, 0) == -1) fail("waitpid");
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
        fprintf(stderr, "step-count: the program ended before its second sched_yield\n");
        exit(2);
    }
    return status;
}

static struct user_regs_struct registers(pid_t child) {
    struct user_regs_struct regs;
    if (ptrace(PTRACE_GETREGS, child, 0, &regs) == -1) fail("ptrace(GETREGS)");
    return regs;
}

/* The child's memory map, copied to `path`. */
static void copy_maps(pid_t child, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/%d/maps", (int)child);
    FILE *from = fopen(source, "r");
    if (!from) fail(source);
    FILE *to = fopen(path, "w");
    if (!to) fail(path);
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, from)) > 0) fwrite(buffer, 1, n, to);
    fclose(from);
    fclose(to);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: step-count PROGRAM [ARGS...]\n");
        return 2;
    }
    pid_t child = fork();
    if (child == -1) fail("fork");
    if (child == 0) {
        if (ptrace(PTRACE_TRACEME, 0, 0, 0) == -1) fail("ptrace(TRACEME)");
        execvp(argv[1], argv + 1);
        fail(argv[1]);
    }
    int status;
    if (waitpid(child, &status, 0) == -1) fail("waitpid");
    if (ptrace(PTRACE_SETOPTIONS, child, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL) == -1)
        fail("ptrace(SETOPTIONS)");
    /* To the first sched_yield: system call stops come in pairs, entry
     * then exit, and the window opens at the exit. */
    int entering = 1;
    for (;;) {
        status = resume(child, PTRACE_SYSCALL);
        if (WSTOPSIG(status) != (SIGTRAP | 0x80)) continue;
        long number = (long)registers(child).orig_rax;
        if (!entering && number == SYS_sched_yield) break;
        entering = !entering;
    }
    /* One instruction at a time to the second: a step that executed a
     * `syscall` shows its number in orig_rax, any other step -1. */
    const char *profile_path = getenv("STEP_PROFILE");
    FILE *profile = NULL;
    if (profile_path) {
        char maps_path[4096];
        snprintf(maps_path, sizeof maps_path, "%s.maps", profile_path);
        copy_maps(child, maps_path);
        profile = fopen(profile_path, "wb");
        if (!profile) fail(profile_path);
    }
    unsigned long long steps = 0;
    struct user_regs_struct regs = registers(child);
    for (;;) {
        if (profile) fwrite(&regs.rip, sizeof regs.rip, 1, profile);
        resume(child, PTRACE_SINGLESTEP);
        steps++;
        regs = registers(child);
        if ((long)regs.orig_rax == SYS_sched_yield) break;
    }
    if (profile) fclose(profile);
    printf("%llu\n", steps);
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
    return 0;
}
