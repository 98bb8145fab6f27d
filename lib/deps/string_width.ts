/**
 * The terminal width of a string, pinned, with a full `npm:` specifier: Claude Code counts its
 * skill listing's budget in columns (a CJK character or an emoji is two).
 *
 * @module
 */

export { default as stringWidth } from "npm:string-width@9.0.0";
