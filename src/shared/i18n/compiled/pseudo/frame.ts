// Written by `npm run i18n` from the catalogs in src/shared/i18n/po: do not edit.
import type { Messages } from '@lingui/core';

export const messages: Messages = JSON.parse("{\"A network of Assemblies of God churches, ministries and families caring for children in foster care and the families who take them in.\":[\"À ńēţŵōŕķ ōƒ Àśśēḿƀĺĩēś ōƒ Ĝōď ćĥũŕćĥēś, ḿĩńĩśţŕĩēś àńď ƒàḿĩĺĩēś ćàŕĩńĝ ƒōŕ ćĥĩĺďŕēń ĩń ƒōśţēŕ ćàŕē àńď ţĥē ƒàḿĩĺĩēś ŵĥō ţàķē ţĥēḿ ĩń. ~~~~ ~~~~ ~~~~ ~~~~ ~~~~ ~~~~ ~~~~ ~~~~ ~~~~\"],\"Foster Care Network\":[\"Ƒōśţēŕ Ćàŕē Ńēţŵōŕķ ~~~~ ~~~~\"],\"This site needs JavaScript to run. Please turn it on and reload the page.\":[\"Ţĥĩś śĩţē ńēēďś ĵàvàŚćŕĩƥţ ţō ŕũń. Ƥĺēàśē ţũŕń ĩţ ōń àńď ŕēĺōàď ţĥē ƥàĝē. ~~~~ ~~~~ ~~~~ ~~~~ ~~~~\"]}") as Messages;
