/**
 * CPU time of the processes a deployment run started, read from /proc (Linux): user + system time
 * of one process, or of every living process of its group (n8n's main with its task runner, tsx
 * with the sandbox's node). Taken before and after a phase, it says what the phase cost each one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
	ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
	return ticksPerSecond;
}

interface ProcStat {
	pgrp: number;
	cpuTicks: number;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function procStat(pid: number): ProcStat | undefined {
	let text: string;
	try {
		text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	} catch {
		return undefined; // gone
	}
	const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
	// state is field 3 of the file, so field n is fields[n - 3]: pgrp 5, utime 14, stime 15.
	return { pgrp: Number(fields[2]), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU seconds one process has used so far (0 when it is gone). */
export function processCpuSeconds(pid: number): number {
	return (procStat(pid)?.cpuTicks ?? 0) / clockTicks();
}

/** CPU seconds the living processes of one process group have used so far. */
export function groupCpuSeconds(pgid: number): number {
	let ticks = 0;
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = procStat(Number(entry));
		if (stat?.pgrp === pgid) ticks += stat.cpuTicks;
	}
	return ticks / clockTicks();
}
