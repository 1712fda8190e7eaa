/**
 * Rewraps the page's prose at 100 columns once its placeholders are filled (a figure is shorter or
 * longer than its placeholder): paragraphs and list items; headings, tables and comments stay.
 */
const WIDTH = 100;

/** Words, an inline code span counting as one so that a command is never split. */
const words = (text: string) => text.replace(/\s+/g, ' ').match(/(?:`[^`]*`|[^\s`])+/g) ?? [];

/** The words on lines of at most WIDTH, the first after `first`, the others after `rest`. */
function wrapWords(text: string, first: string, rest: string): string {
	const lines: string[] = [];
	let prefix = first;
	let line = '';
	for (const word of words(text)) {
		if (line && prefix.length + line.length + 1 + word.length > WIDTH) {
			lines.push(prefix + line);
			prefix = rest;
			line = word;
		} else line = line ? `${line} ${word}` : word;
	}
	lines.push(prefix + line);
	return lines.join('\n');
}

/** A block of list items (`- `), each wrapped with its continuation lines indented. */
const wrapList = (block: string) =>
	block
		.split(/\n(?=- )/)
		.map((item) => wrapWords(item.slice(2), '- ', '  '))
		.join('\n');

function wrapBlock(block: string): string {
	if (/^(#|\||<!--|```)/.test(block)) return block;
	return block.startsWith('- ') ? wrapList(block) : wrapWords(block, '', '');
}

export function wrapProse(markdown: string): string {
	return `${markdown
		.trimEnd()
		.split(/\n{2,}/)
		.map(wrapBlock)
		.join('\n\n')}\n`;
}
