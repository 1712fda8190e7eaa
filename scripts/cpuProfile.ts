/**
 * Where a process's CPU went, from a V8 CPU profile (`node --cpu-prof`): the functions with the
 * most self time and the most total time, and the time per part (our package, n8n's packages, the
 * database driver, ...), optionally only within a window and per unit of work.
 *
 *   npx tsx scripts/cpuProfile.ts <file.cpuprofile> [--from <µs> --to <µs>] [--per <count>] [--top <n>]
 *
 * --from/--to are on the profile's own clock (CLOCK_MONOTONIC in µs, the clock of Node's
 * process.hrtime): the many-restaurant deployment run writes the window of its baseline round and
 * the list requests in it to profile/window.json, which --window <file> reads.
 */
import fs from 'node:fs';

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}
interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	startTime: number;
	samples: number[];
	timeDeltas: number[];
}

interface Options {
	file: string;
	from: number;
	to: number;
	per: number;
	top: number;
}

function parseArgs(argv: string[]): Options {
	const value = (name: string) => {
		const at = argv.indexOf(name);
		return at >= 0 ? argv[at + 1] : undefined;
	};
	const window = value('--window');
	const fromFile = window
		? (JSON.parse(fs.readFileSync(window, 'utf8')) as {
				fromUs: number;
				toUs: number;
				requests: number;
			})
		: undefined;
	return {
		file: argv.find((a) => a.endsWith('.cpuprofile')) ?? '',
		from: Number(value('--from') ?? fromFile?.fromUs ?? -Infinity),
		to: Number(value('--to') ?? fromFile?.toUs ?? Infinity),
		per: Number(value('--per') ?? fromFile?.requests ?? 1),
		top: Number(value('--top') ?? 25),
	};
}

/** The part of the code a frame belongs to: a package under node_modules, or V8's own entries. */
function partOf(frame: CallFrame): string {
	if (!frame.url) return frame.functionName; // (garbage collector), (program), (idle), native
	const modules = frame.url.split('node_modules/');
	if (modules.length < 2) return frame.url.startsWith('node:') ? 'node (built-in)' : 'other';
	const rest = modules[modules.length - 1].split('/');
	return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

function frameName(frame: CallFrame): string {
	const file = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\//, '');
	return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

interface Tally {
	self: Map<string, number>;
	total: Map<string, number>;
	parts: Map<string, number>;
	sampledUs: number;
}

function add(map: Map<string, number>, key: string, us: number): void {
	map.set(key, (map.get(key) ?? 0) + us);
}

function tally(profile: CpuProfile, from: number, to: number): Tally {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const result: Tally = { self: new Map(), total: new Map(), parts: new Map(), sampledUs: 0 };
	let at = profile.startTime;
	profile.samples.forEach((id, i) => {
		at += profile.timeDeltas[i];
		const us = profile.timeDeltas[i + 1] ?? 0; // a sample stands for the time until the next
		const node = byId.get(id)!;
		if (at < from || at > to || node.callFrame.functionName === '(idle)') return;
		result.sampledUs += us;
		add(result.self, frameName(node.callFrame), us);
		add(result.parts, partOf(node.callFrame), us);
		const onStack = new Set<string>(); // a recursive function counts once per sample
		for (let n: number | undefined = id; n !== undefined; n = parent.get(n))
			onStack.add(frameName(byId.get(n)!.callFrame));
		for (const name of onStack) add(result.total, name, us);
	});
	return result;
}

function printTop(
	title: string,
	map: Map<string, number>,
	options: Options,
	sampledUs: number,
): void {
	console.log(`\n${title}`);
	[...map.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, options.top)
		.forEach(([name, us]) =>
			console.log(
				`${(us / 1000 / options.per).toFixed(2).padStart(9)} ms ${((100 * us) / sampledUs).toFixed(1).padStart(5)} %  ${name}`,
			),
		);
}

function main(): void {
	const options = parseArgs(process.argv.slice(2));
	if (!options.file) {
		console.error(
			'usage: tsx scripts/cpuProfile.ts <file.cpuprofile> [--window <json>] [--from µs --to µs] [--per n] [--top n]',
		);
		process.exit(2);
	}
	const profile = JSON.parse(fs.readFileSync(options.file, 'utf8')) as CpuProfile;
	const t = tally(profile, options.from, options.to);
	const per = options.per === 1 ? '' : ` per unit (${options.per} units)`;
	console.log(
		`CPU sampled (not idle): ${(t.sampledUs / 1000).toFixed(0)} ms${per ? `, ${(t.sampledUs / 1000 / options.per).toFixed(2)} ms${per}` : ''}`,
	);
	printTop(`By part${per}`, t.parts, options, t.sampledUs);
	printTop(`Self time${per}`, t.self, options, t.sampledUs);
	printTop(`Total time (self and callees)${per}`, t.total, options, t.sampledUs);
}

main();
