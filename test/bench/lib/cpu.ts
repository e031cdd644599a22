/**
 * Which core does what. On a machine of two cores, a server under test left to the scheduler
 * sometimes shares a core with the load generator and sometimes not, and a round's result
 * moves by a third with it. With Linux's `taskset`, servers under test run on the last core and
 * everything else (this process, the upstream simulators, wrk) on the others, so every server
 * gets the same core to itself. Without `taskset`, or on one core, nothing is pinned. Also how
 * much CPU time a process has used, read from `/proc`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";

const CORES = cpus().length;
const SERVER_CORE = String(CORES - 1);
const OTHER_CORES = CORES > 2 ? `0-${CORES - 2}` : "0";

let available: boolean | undefined;

/** Whether processes are pinned in this run. */
export function pinning(): boolean {
  if (available === undefined) {
    try {
      execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
      available = CORES >= 2;
    } catch {
      available = false;
    }
  }
  return available;
}

/** Puts a server under test (every thread of process `pid`) on the server core. */
export function pinServer(pid: number): void {
  pin(pid, SERVER_CORE);
}

/** Keeps process `pid` (the bench itself, the simulators) off the server core. */
export function pinHelper(pid: number): void {
  pin(pid, OTHER_CORES);
}

/** A command line run off the server core: `taskset -c … command args` when pinning. */
export function offServerCore(command: string, args: string[]): [string, string[]] {
  return pinning() ? ["taskset", ["-c", OTHER_CORES, command, ...args]] : [command, args];
}

/** How the run placed its processes, for the table's header. */
export function placement(): string {
  return pinning() ? `servers pinned to core ${SERVER_CORE}, load generator and simulators to core ${OTHER_CORES}` : "processes not pinned";
}

/**
 * CPU time process `pid` has used so far (user + system, all threads), in milliseconds, from
 * Linux's `/proc`; undefined elsewhere. Clock ticks are taken as 10 ms (`CLK_TCK` 100).
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

// --- internal ---

function pin(pid: number, cores: string): void {
  if (pinning()) execFileSync("taskset", ["-a", "-p", "-c", cores, String(pid)], { stdio: "ignore" });
}
