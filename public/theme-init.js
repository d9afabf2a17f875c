{
let scheme='light';
try{const stored=localStorage.getItem('nestling-color-scheme');if(stored==='dark'||stored==='auto')scheme=stored}catch{}
if(scheme==='auto')scheme=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';
document.documentElement.dataset.mantineColorScheme=scheme;
}
