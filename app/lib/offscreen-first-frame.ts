// The first frame lays out what is on screen, not the whole page (issue 32). A page's first frame
// styled and laid out the whole document at once (/home: ~1,100 layout objects, 40-80 ms on the
// test host), one task that Lighthouse's simulated phone counted as blocking the main thread.
//
// Until the page has painted, every part of <main> after its first, and the footer, are
// `content-visibility: auto`: skipped while off screen, drawn as usual when on it. After the
// first contentful paint the parts are laid out one by one, a task each, and the rule goes, a few
// milliseconds later: long before a visitor can reach for an in-page link, and usually before the
// page's scripts start (they wait for the rest of the stylesheet, server/services/critical-css.ts).
// A part React hydrates while it is still marked keeps the mark until the end (React leaves a
// server element's attributes as they are).
// Only on a plain navigation: with a fragment in the URL, a reload or Back/Forward the browser
// scrolls to a place in the page while it loads, which needs the whole layout.
// Without JavaScript nothing changes. The rule is a <style> this script adds (with the page's CSP
// nonce), so the stylesheet and the critical rules know nothing of it.

/** What is skipped while off screen: the parts of the page below its top. */
const PARTS = 'main>*+*,.site-footer';
/** A part laid out already (a class, not an inline style: the page's CSP allows no style attribute
 * in markup, and Chromium writes back an empty one after a CSSOM change). */
const LAID_OUT = 'laid-out';

/** Runs in <head>, inline. A page that never paints (a tab opened in the background) is laid out
 * 3 s after load. */
export const OFFSCREEN_FIRST_FRAME_SCRIPT = `{
const n=performance.getEntriesByType('navigation')[0];
if(!location.hash&&n&&n.type==='navigate'&&PerformanceObserver.supportedEntryTypes?.includes('paint')){
const s=document.createElement('style');s.nonce=document.currentScript.nonce;s.dataset.offscreenFirstFrame='';
s.textContent=':is(${PARTS}):not(.${LAID_OUT}){content-visibility:auto;contain-intrinsic-size:auto 40rem}';document.head.append(s);
let started=0;const lay=()=>{if(started)return;started=1;const parts=[...document.querySelectorAll('${PARTS}')];
const next=()=>{const p=parts.shift();if(p){p.classList.add('${LAID_OUT}');p.getBoundingClientRect();setTimeout(next);return}
s.remove();for(const q of document.querySelectorAll('.${LAID_OUT}'))q.classList.remove('${LAID_OUT}')};next()};
new PerformanceObserver((e,o)=>{if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();requestAnimationFrame(()=>setTimeout(lay))}}).observe({type:'paint',buffered:true});
addEventListener('load',()=>setTimeout(lay,3000),{once:true})}}`.replaceAll('\n', '');
