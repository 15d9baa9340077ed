/**
 * The page's report of where its visit came from (spec §2, route checks 2 and 3; ADR 0024). No page answer sets the
 * visit cookies — then every anonymous page is the same for everyone and a shared cache may keep it — so the page
 * posts its landing path and `document.referrer` to `POST /track/visit`, whose answer sets them.
 *
 * It is an inline script in the document's head, not part of the app's code: it runs as the page is parsed, before
 * any module loads, so a reader who leaves at once, or signs up at once, has been recorded; and it adds nothing to
 * the scripts a page must load. It posts only when the visit lacks something: no landing cookie (a new visit), an
 * external referrer while the visit has none, or another regional site than the remembered one. The server decides
 * what the report earns (contracts/visit-cookies.ts); the script only saves most pages the request.
 */
import { cookieNames } from '#contracts/cookie-names.ts'
import type { Region } from '#contracts/regions.ts'
import { visitReportPath } from '#contracts/visit-cookies.ts'

/** JSON for a script element: `<` escaped, so no value can close the element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** The script's source for a site: the same for every reader of it, so a cached page may carry it. */
export function visitReportScript({ apiBase, region }: { apiBase: string; region: Region }): string {
  const names = [cookieNames.landing, cookieNames.referer, cookieNames.languageChoice]
  return `(function(){try{var c={};document.cookie.split(';').forEach(function(p){var i=p.indexOf('=');if(i>0)c[p.slice(0,i).trim()]=p.slice(i+1)});var n=${scriptLiteral(names)},r=document.referrer,x=false;try{x=!!r&&new URL(r).host!==location.host}catch(e){}if(c[n[0]]&&!(x&&!c[n[1]])&&c[n[2]]===${scriptLiteral(region)})return;fetch(${scriptLiteral(`${apiBase}${visitReportPath}`)},{method:'POST',keepalive:true,credentials:'same-origin',headers:{'content-type':'application/json'},body:JSON.stringify({landing:location.pathname+location.search,referrer:r})}).catch(function(){})}catch(e){}})()`
}
